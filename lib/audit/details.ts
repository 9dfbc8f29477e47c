// An audit entry's details as the organiser reads them: names for ids, Tashkent time, a test's
// settings as its form shows them and only those that changed, a regrade's changed results.
import "server-only";
import sanitizeHtml from "sanitize-html";
import { type AuditTexts, personLink, subjectHref, subjectName } from "@/lib/audit/links";
import { type AuditNames, CHANGES_SHOWN } from "@/lib/audit/log";
import { AuditAction } from "@/lib/audit/record";
import { wordOf } from "@/lib/i18n/words";
import { points } from "@/shared/i18n/numbers";
import { dateTextOf, formatTashkent } from "@/shared/time";

/** A choice's HTML as plain text, shortened to `max` characters, for the line that names it. */
function plainText(html: string, max: number): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line of an act's details, as the organiser reads it. */
export type AuditLine = { label: string; value: string; href?: string };

type TestSettings = Record<string, unknown>;

/** A stored place name in the reader's language; undefined for a place no longer there. */
const localOf = ({ local }: AuditTexts, name: string | undefined) => (name === undefined ? undefined : local(name));

/** A test's setting as the form shows it. */
function settingText({ locale, audit, testFields }: AuditTexts, key: string, value: unknown): string {
  if (value === null || value === undefined) return key === "certificateDate" ? audit.certificateDateDefault : "—";
  if (key === "openedAt" || key === "closedAt") return formatTashkent(String(value));
  if (key === "certificateDate") return dateTextOf(String(value));
  if (key === "durationMinutes" || key === "checkInMinutes") return audit.minutes({ count: Number(value) });
  if (key.endsWith("Points")) return audit.points({ points: points(locale, Number(value)) });
  if (key === "reviewPolicy") return wordOf(testFields.reviewShortOf, String(value)) ?? String(value);
  return String(value);
}

/** The settings in the form's order, each with the form's label (tests.<label>). */
const SETTINGS = [
  ["openedAt", "openedAt"],
  ["closedAt", "closedAt"],
  ["durationMinutes", "duration"],
  ["pinCode", "pinCode"],
  ["easyCount", "easyCount"],
  ["mediumCount", "mediumCount"],
  ["hardCount", "hardCount"],
  ["easyPoints", "easyPoints"],
  ["mediumPoints", "mediumPoints"],
  ["hardPoints", "hardPoints"],
  ["reviewPolicy", "reviewPolicy"],
  ["certificateDate", "certificateDate"],
  ["checkInMinutes", "checkInMinutes"],
] as const;

/** A test saved: what changed (every setting for a new one). */
function settingLines(texts: AuditTexts, before: TestSettings | null, after: TestSettings): AuditLine[] {
  const { audit, testFields } = texts;
  if (!before)
    return [
      { label: audit.newTest, value: "" },
      ...SETTINGS.map(([key, label]) => ({ label: testFields[label], value: settingText(texts, key, after[key]) })),
    ];
  // Compared as the organiser reads them: a window stored to the second and saved back by the form,
  // which shows and sends it to the minute, reads the same before and after and is no change.
  return SETTINGS.flatMap(([key, label]) => {
    const [was, is] = [settingText(texts, key, before[key]), settingText(texts, key, after[key])];
    return was === is ? [] : [{ label: testFields[label], value: audit.change({ before: was, after: is }) }];
  });
}

type Change = { userId: number; oldScore: number; newScore: number; oldRank: number; newRank: number };

function regradeLines(texts: AuditTexts, testId: number | null, d: Record<string, unknown>, names: AuditNames): AuditLine[] {
  const { audit } = texts;
  const lines: AuditLine[] = [];
  // The question is seen, with its choices and statistics, on the test's item statistics.
  lines.push({
    label: audit.fields.question,
    value: `#${d.questionId}`,
    ...(testId === null ? {} : { href: `/admin/tests/${testId}/items` }),
  });
  lines.push({ label: audit.fields.regrade, value: wordOf(audit.regradeActions, String(d.action)) ?? String(d.action) });
  if (d.action === "key") {
    const choice = names.choices.get(Number(d.correctChoiceId));
    lines.push({ label: audit.fields.correctChoice, value: choice ? plainText(choice.html, 80) : `#${d.correctChoiceId}` });
  } else {
    lines.push({ label: audit.fields.voidAwards, value: wordOf(audit.voidAwards, String(d.voidAwards)) ?? String(d.voidAwards) });
  }
  lines.push({
    label: audit.fields.keyHash,
    value: audit.change({ before: String(d.oldKeyHash).slice(0, 12), after: String(d.newKeyHash).slice(0, 12) }),
  });
  const changes = Array.isArray(d.changes) ? (d.changes as Change[]) : [];
  lines.push({ label: audit.fields.changed, value: changes.length === 0 ? audit.noneShort : String(changes.length) });
  for (const c of changes.slice(0, CHANGES_SHOWN)) {
    const who = personLink(texts, names, c.userId);
    const value = audit.scoreChange({
      oldScore: points(texts.locale, c.oldScore),
      newScore: points(texts.locale, c.newScore),
      oldRank: c.oldRank,
      newRank: c.newRank,
    });
    lines.push({ label: who.label, value, href: who.href ?? undefined });
  }
  if (changes.length > CHANGES_SHOWN) lines.push({ label: "…", value: audit.moreChanges({ count: changes.length - CHANGES_SHOWN }) });
  return lines;
}

/** Any other act's details, key by key; an instant in Tashkent time. */
function genericLines(d: Record<string, unknown>): AuditLine[] {
  return Object.entries(d).map(([key, value]) => ({
    label: key,
    value:
      typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? formatTashkent(value)
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value),
  }));
}

/** An act's details in words (the target itself is named by targetOf). */
export function linesOf(
  texts: AuditTexts,
  action: AuditAction,
  targetId: number | null,
  d: Record<string, unknown> | null,
  names: AuditNames,
): AuditLine[] {
  const { audit } = texts;
  if (!d) return [];
  switch (action) {
    case AuditAction.TestSave:
      return settingLines(texts, (d.before as TestSettings | null) ?? null, (d.after as TestSettings) ?? {});
    case AuditAction.TestRegrade:
      return regradeLines(texts, targetId, d, names);
    case AuditAction.QuestionImport:
      return [
        { label: audit.fields.questions, value: String(d.questions) },
        { label: audit.fields.readingTexts, value: String(d.readingTexts) },
        // The file's language, and the bank's questions it gave that language to.
        ...(d.language === undefined
          ? []
          : [{ label: audit.fields.language, value: wordOf(texts.languageNames, String(d.language)) ?? String(d.language) }]),
        ...(Array.isArray(d.attached) && d.attached.length > 0
          ? [{ label: audit.fields.attached, value: (d.attached as number[]).map((id) => `#${id}`).join(", ") }]
          : []),
        // The file's questions the bank had already, left out.
        ...(Number(d.skipped) > 0 ? [{ label: audit.fields.skipped, value: String(d.skipped) }] : []),
      ];
    case AuditAction.QuestionDelete:
    case AuditAction.QuestionRetire:
    case AuditAction.QuestionKeepExposed:
    case AuditAction.QuestionUpdate: {
      const subjectId = Number(d.subjectId);
      return [
        { label: audit.fields.subject, value: subjectName(texts, names, subjectId) ?? `#${subjectId}`, href: subjectHref(subjectId) },
      ];
    }
    case AuditAction.PupilName:
      return [{ label: audit.fields.fullName, value: audit.change({ before: String(d.before), after: String(d.after) }) }];
    case AuditAction.PupilExtraMinutes:
    case AuditAction.PupilAccommodation:
      return [
        {
          label: audit.fields.extraMinutes,
          value: audit.change({ before: audit.minutes({ count: Number(d.from) }), after: audit.minutes({ count: Number(d.to) }) }),
        },
        ...(typeof d.runningAttempt === "number" ? [{ label: audit.fields.runningAttempt, value: `#${d.runningAttempt}` }] : []),
      ];
    case AuditAction.AttemptEnd:
    case AuditAction.AttemptReset:
      return []; // the attempt's pupil is named by the target
    case AuditAction.OrganiserCreate:
      return [{ label: audit.fields.username, value: String(d.username) }];
    case AuditAction.LoginsExport:
    case AuditAction.RehearsalRemove:
      return [{ label: audit.fields.pupils, value: String(d.pupils) }];
    case AuditAction.TestExtraTime: {
      const where =
        typeof d.districtId === "number"
          ? (localOf(texts, names.districts.get(d.districtId)) ?? `#${d.districtId}`)
          : typeof d.regionId === "number"
            ? (localOf(texts, names.regions.get(d.regionId)) ?? `#${d.regionId}`)
            : audit.everywhere;
      return [
        { label: audit.fields.extraMinutes, value: audit.minutes({ count: Number(d.minutes) }) },
        { label: audit.fields.where, value: where },
        { label: audit.fields.attempts, value: String(d.attempts) },
      ];
    }
    case AuditAction.NoticePost:
      return [{ label: audit.fields.notice, value: String(d.text) }];
    case AuditAction.RehearsalCreate:
      return [
        { label: audit.fields.pupils, value: String(d.pupils) },
        { label: audit.fields.opensAt, value: formatTashkent(String(d.openedAt)) },
      ];
    default:
      return genericLines(d);
  }
}

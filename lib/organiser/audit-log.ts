// The audit log as the organiser reads it (/admin/audit): newest first, what each act was done to
// named and linked, its details in words and Tashkent time; the recorded details kept beside them.
import "server-only";
import { count, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { attempts, districts, organiserActions, questionChoices, questions, regions, subjects, tests, users } from "@/db/schema";
import { firstText } from "@/lib/attempts/enums";
import type { Locale } from "@/lib/i18n/locale.mjs";
import { points } from "@/lib/i18n/numbers";
import { type OrganiserMessages, organiserMessagesOf } from "@/lib/i18n/organiser";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { fullName } from "@/lib/identity/names";
import { UserRole } from "@/lib/identity/roles";
import { dateTextOf, formatTashkent } from "@/lib/time";
import { AuditAction, type AuditTarget } from "./audit";
import { plainText } from "./sanitize";
import { wordOf } from "./words";

export const AUDIT_PAGE_SIZE = 50;

/** Something the log names, with the console page it is seen on (null: it no longer exists). */
export type AuditLink = { label: string; href: string | null };
/** One line of an act's details, as the organiser reads it. */
export type AuditLine = { label: string; value: string; href?: string };

export type AuditRow = {
  id: number;
  createdAt: string;
  organiser: string;
  action: AuditAction;
  /** The action in words. */
  actionText: string;
  targetType: AuditTarget;
  targetId: number | null;
  target: AuditLink;
  reason: string | null;
  /** As recorded (times in UTC), for a program. */
  details: Record<string, unknown> | null;
  /** As the organiser reads them: names, Tashkent time, only what changed. */
  lines: AuditLine[];
};

/** The log's words: the audit's messages and the test form's labels, in the reader's language. */
type Texts = {
  locale: Locale;
  /** Subjects', districts' and regions' names in the reader's language. */
  local: (name: string) => string;
  t: OrganiserMessages["audit"];
  testFields: OrganiserMessages["tests"];
  languageNames: OrganiserMessages["questions"]["languageNames"];
};

/** The names the log's ids stand for, read for one page of it at a time. */
type Names = {
  people: Map<number, { name: string; username: string | null; organiser: boolean }>;
  attempts: Map<number, { userId: number; subjectId: number }>;
  tests: Map<number, number>;
  questions: Map<number, number>;
  subjects: Map<number, string>;
  districts: Map<number, string>;
  regions: Map<number, string>;
  choices: Map<number, { questionId: number; text: string }>;
};

const ids = (values: unknown[]) => [...new Set(values.filter((v): v is number => Number.isInteger(v)))];

/** A regrade names every pupil whose result changed: the page shows the first of them. */
const CHANGES_SHOWN = 20;

async function namesOf(
  { t, local }: Texts,
  rows: (typeof organiserActions.$inferSelect)[],
  details: (Record<string, unknown> | null)[],
): Promise<Names> {
  const of = (type: AuditTarget) => ids(rows.filter((r) => r.targetType === type).map((r) => r.targetId));
  const changes = details.flatMap((d) => (Array.isArray(d?.changes) ? (d.changes as { userId?: number }[]).slice(0, CHANGES_SHOWN) : []));
  const attemptRows = await inList(of("attempt"), (list) =>
    db.select({ id: attempts.id, userId: attempts.userId, testId: attempts.testId }).from(attempts).where(inArray(attempts.id, list)),
  );
  const testRows = await inList(ids([...of("test"), ...attemptRows.map((a) => a.testId)]), (list) =>
    db.select({ id: tests.id, subjectId: tests.subjectId }).from(tests).where(inArray(tests.id, list)),
  );
  const questionRows = await inList(ids([...of("question"), ...details.map((d) => d?.questionId)]), (list) =>
    db.select({ id: questions.id, subjectId: questions.subjectId }).from(questions).where(inArray(questions.id, list)),
  );
  const choiceRows = await inList(ids(details.map((d) => d?.correctChoiceId)), (list) =>
    db
      .select({ id: questionChoices.id, questionId: questionChoices.questionId, texts: questionChoices.texts })
      .from(questionChoices)
      .where(inArray(questionChoices.id, list)),
  );
  const subjectIds = ids([
    ...of("subject"),
    ...details.map((d) => d?.subjectId),
    ...testRows.map((r) => r.subjectId),
    ...questionRows.map((r) => r.subjectId),
  ]);
  const subjectRows = await inList(subjectIds, (list) =>
    db.select({ id: subjects.id, name: subjects.name, grade: subjects.grade }).from(subjects).where(inArray(subjects.id, list)),
  );
  const peopleIds = ids([
    ...of("pupil"),
    ...of("organiser"),
    ...attemptRows.map((a) => a.userId),
    ...details.map((d) => d?.userId),
    ...changes.map((c) => c.userId),
  ]);
  const peopleRows = await inList(peopleIds, (list) =>
    db
      .select({
        id: users.id,
        role: users.role,
        username: users.username,
        lastName: users.lastName,
        firstName: users.firstName,
        middleName: users.middleName,
      })
      .from(users)
      .where(inArray(users.id, list)),
  );
  const districtRows = await inList(ids([...of("district"), ...details.map((d) => d?.districtId)]), (list) =>
    db.select({ id: districts.id, name: districts.name }).from(districts).where(inArray(districts.id, list)),
  );
  const regionRows = await inList(ids(details.map((d) => d?.regionId)), (list) =>
    db.select({ id: regions.id, name: regions.name }).from(regions).where(inArray(regions.id, list)),
  );
  const tested = new Map(testRows.map((r) => [r.id, r.subjectId]));
  return {
    people: new Map(peopleRows.map((p) => [p.id, { name: fullName(p), username: p.username, organiser: p.role === UserRole.Admin }])),
    attempts: new Map(attemptRows.map((a) => [a.id, { userId: a.userId, subjectId: tested.get(a.testId) ?? 0 }])),
    tests: tested,
    questions: new Map(questionRows.map((q) => [q.id, q.subjectId])),
    subjects: new Map(subjectRows.map((s) => [s.id, t.subject({ grade: s.grade, name: local(s.name) })])),
    districts: new Map(districtRows.map((d) => [d.id, local(d.name)])),
    regions: new Map(regionRows.map((r) => [r.id, local(r.name)])),
    choices: new Map(choiceRows.map((c) => [c.id, { questionId: c.questionId, text: plainText(firstText(c.texts), 80) }])),
  };
}

async function inList<T>(list: number[], read: (list: number[]) => Promise<T[]>): Promise<T[]> {
  return list.length === 0 ? [] : read(list);
}

const pupilHref = (id: number) => `/admin/pupils/${id}`;
const subjectHref = (id: number) => `/admin/questions?subjectId=${id}`;

function personLink({ t }: Texts, names: Names, id: number): AuditLink {
  const person = names.people.get(id);
  if (!person) return { label: `${t.targets.pupil} #${id}`, href: null };
  const label = person.username ? `${person.name} (${person.username})` : person.name;
  return { label, href: person.organiser ? "/admin/organisers" : pupilHref(id) };
}

function targetOf(texts: Texts, row: { targetType: AuditTarget; targetId: number | null }, names: Names): AuditLink {
  const { t } = texts;
  const id = row.targetId;
  const bare = { label: `${t.targets[row.targetType] ?? row.targetType}${id === null ? "" : ` #${id}`}`, href: null };
  if (id === null) return bare;
  const subject = (subjectId: number | undefined) => (subjectId === undefined ? undefined : names.subjects.get(subjectId));
  switch (row.targetType) {
    case "pupil":
    case "organiser":
      return names.people.has(id) ? personLink(texts, names, id) : bare;
    case "attempt": {
      const attempt = names.attempts.get(id);
      if (!attempt) return bare;
      const pupil = names.people.get(attempt.userId)?.name ?? `#${attempt.userId}`;
      return { label: t.attemptOf({ id, pupil, subject: subject(attempt.subjectId) ?? "" }), href: pupilHref(attempt.userId) };
    }
    case "test": {
      const subjectId = names.tests.get(id);
      const label = subject(subjectId);
      return label ? { label, href: `/admin/results?testId=${id}` } : bare;
    }
    case "question": {
      const subjectId = names.questions.get(id);
      const label = subject(subjectId);
      return label && subjectId ? { label: t.questionOf({ id, subject: label }), href: subjectHref(subjectId) } : bare;
    }
    case "subject": {
      const label = subject(id);
      return label ? { label, href: subjectHref(id) } : bare;
    }
    case "district": {
      const label = names.districts.get(id);
      return label ? { label, href: `/admin/pupils?districtId=${id}` } : bare;
    }
    case "notice":
      return { label: bare.label, href: "/admin/incidents" };
  }
}

type TestSettings = Record<string, unknown>;

/** A test's setting as the form shows it. */
function settingText({ locale, t, testFields }: Texts, key: string, value: unknown): string {
  if (value === null || value === undefined) return key === "certificateDate" ? t.certificateDateDefault : "—";
  if (key === "openedAt" || key === "closedAt") return formatTashkent(String(value));
  if (key === "certificateDate") return dateTextOf(String(value));
  if (key === "durationMinutes" || key === "checkInMinutes") return t.minutes({ count: Number(value) });
  if (key.endsWith("Points")) return t.points({ points: points(locale, Number(value)) });
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
function settingLines(texts: Texts, before: TestSettings | null, after: TestSettings): AuditLine[] {
  const { t, testFields } = texts;
  if (!before)
    return [
      { label: t.newTest, value: "" },
      ...SETTINGS.map(([key, label]) => ({ label: testFields[label], value: settingText(texts, key, after[key]) })),
    ];
  // Compared as the organiser reads them: a window stored to the second and saved back by the form,
  // which shows and sends it to the minute, reads the same before and after and is no change.
  return SETTINGS.flatMap(([key, label]) => {
    const [was, is] = [settingText(texts, key, before[key]), settingText(texts, key, after[key])];
    return was === is ? [] : [{ label: testFields[label], value: t.change({ before: was, after: is }) }];
  });
}

type Change = { userId: number; oldScore: number; newScore: number; oldRank: number; newRank: number };

function regradeLines(texts: Texts, testId: number | null, d: Record<string, unknown>, names: Names): AuditLine[] {
  const { t } = texts;
  const lines: AuditLine[] = [];
  // The question is seen, with its choices and statistics, on the test's item statistics.
  lines.push({ label: t.fields.question, value: `#${d.questionId}`, ...(testId === null ? {} : { href: `/admin/tests/${testId}/items` }) });
  lines.push({ label: t.fields.regrade, value: wordOf(t.regradeActions, String(d.action)) ?? String(d.action) });
  if (d.action === "key") {
    const choice = names.choices.get(Number(d.correctChoiceId));
    lines.push({ label: t.fields.correctChoice, value: choice ? choice.text : `#${d.correctChoiceId}` });
  } else {
    lines.push({ label: t.fields.voidAwards, value: wordOf(t.voidAwards, String(d.voidAwards)) ?? String(d.voidAwards) });
  }
  lines.push({
    label: t.fields.keyHash,
    value: t.change({ before: String(d.oldKeyHash).slice(0, 12), after: String(d.newKeyHash).slice(0, 12) }),
  });
  const changes = Array.isArray(d.changes) ? (d.changes as Change[]) : [];
  lines.push({ label: t.fields.changed, value: changes.length === 0 ? t.noneShort : String(changes.length) });
  for (const c of changes.slice(0, CHANGES_SHOWN)) {
    const who = personLink(texts, names, c.userId);
    const value = t.scoreChange({
      oldScore: points(texts.locale, c.oldScore),
      newScore: points(texts.locale, c.newScore),
      oldRank: c.oldRank,
      newRank: c.newRank,
    });
    lines.push({ label: who.label, value, href: who.href ?? undefined });
  }
  if (changes.length > CHANGES_SHOWN) lines.push({ label: "…", value: t.moreChanges({ count: changes.length - CHANGES_SHOWN }) });
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
function linesOf(texts: Texts, action: AuditAction, targetId: number | null, d: Record<string, unknown> | null, names: Names): AuditLine[] {
  const { t } = texts;
  if (!d) return [];
  switch (action) {
    case AuditAction.TestSave:
      return settingLines(texts, (d.before as TestSettings | null) ?? null, (d.after as TestSettings) ?? {});
    case AuditAction.TestRegrade:
      return regradeLines(texts, targetId, d, names);
    case AuditAction.QuestionImport:
      return [
        { label: t.fields.questions, value: String(d.questions) },
        { label: t.fields.readingTexts, value: String(d.readingTexts) },
        // The file's language, and the bank's questions it gave that language to.
        ...(d.language === undefined
          ? []
          : [{ label: t.fields.language, value: wordOf(texts.languageNames, String(d.language)) ?? String(d.language) }]),
        ...(Array.isArray(d.attached) && d.attached.length > 0
          ? [{ label: t.fields.attached, value: (d.attached as number[]).map((id) => `#${id}`).join(", ") }]
          : []),
        // The file's questions the bank had already, left out.
        ...(Number(d.skipped) > 0 ? [{ label: t.fields.skipped, value: String(d.skipped) }] : []),
      ];
    case AuditAction.QuestionDelete:
    case AuditAction.QuestionRetire:
    case AuditAction.QuestionUpdate: {
      const subjectId = Number(d.subjectId);
      return [{ label: t.fields.subject, value: names.subjects.get(subjectId) ?? `#${subjectId}`, href: subjectHref(subjectId) }];
    }
    case AuditAction.PupilName:
      return [{ label: t.fields.fullName, value: t.change({ before: String(d.before), after: String(d.after) }) }];
    case AuditAction.PupilExtraMinutes:
    case AuditAction.PupilAccommodation:
      return [
        {
          label: t.fields.extraMinutes,
          value: t.change({ before: t.minutes({ count: Number(d.from) }), after: t.minutes({ count: Number(d.to) }) }),
        },
        ...(typeof d.runningAttempt === "number" ? [{ label: t.fields.runningAttempt, value: `#${d.runningAttempt}` }] : []),
      ];
    case AuditAction.AttemptEnd:
    case AuditAction.AttemptReset:
      return []; // the attempt's pupil is named by the target
    case AuditAction.OrganiserCreate:
      return [{ label: t.fields.username, value: String(d.username) }];
    case AuditAction.LoginsExport:
    case AuditAction.RehearsalRemove:
      return [{ label: t.fields.pupils, value: String(d.pupils) }];
    case AuditAction.TestExtraTime: {
      const where =
        typeof d.districtId === "number"
          ? (names.districts.get(d.districtId) ?? `#${d.districtId}`)
          : typeof d.regionId === "number"
            ? (names.regions.get(d.regionId) ?? `#${d.regionId}`)
            : t.everywhere;
      return [
        { label: t.fields.extraMinutes, value: t.minutes({ count: Number(d.minutes) }) },
        { label: t.fields.where, value: where },
        { label: t.fields.attempts, value: String(d.attempts) },
      ];
    }
    case AuditAction.NoticePost:
      return [{ label: t.fields.notice, value: String(d.text) }];
    case AuditAction.RehearsalCreate:
      return [
        { label: t.fields.pupils, value: String(d.pupils) },
        { label: t.fields.opensAt, value: formatTashkent(String(d.openedAt)) },
      ];
    default:
      return genericLines(d);
  }
}

/**
 * Newest first, a page at a time, every id named and linked, details in words: in the caller's
 * language (an API call's), or in the page's when a page passes its locale.
 */
export async function listActions(
  { page = 1 }: { page?: number },
  locale: Locale = callLocaleNow(),
): Promise<{ items: AuditRow[]; total: number }> {
  const messages = organiserMessagesOf(locale);
  const texts: Texts = {
    locale,
    local: localNameIn(locale),
    t: messages.audit,
    testFields: messages.tests,
    languageNames: messages.questions.languageNames,
  };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ action: organiserActions, organiser: users.username })
      .from(organiserActions)
      .innerJoin(users, eq(users.id, organiserActions.organiserId))
      .orderBy(desc(organiserActions.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(organiserActions),
  ]);
  const details = rows.map(({ action: a }) => (a.details ? (JSON.parse(a.details) as Record<string, unknown>) : null));
  const names = await namesOf(
    texts,
    rows.map((r) => r.action),
    details,
  );
  return {
    items: rows.map(({ action: a, organiser }, i) => {
      const row = { targetType: a.targetType as AuditTarget, targetId: a.targetId };
      const action = a.action as AuditAction;
      return {
        id: a.id,
        createdAt: a.createdAt.toISOString(),
        organiser: organiser ?? "",
        action,
        actionText: wordOf(texts.t.actions, action) ?? action,
        ...row,
        target: targetOf(texts, row, names),
        reason: a.reason,
        details: details[i],
        lines: linesOf(texts, action, a.targetId, details[i], names),
      };
    }),
    total: Number(total),
  };
}

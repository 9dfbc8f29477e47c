// What an audit entry was done to, named and linked to the console page it is seen on: a pupil's
// page, a subject's bank, a test's results, … (null where it no longer exists).
import "server-only";
import type { AuditNames } from "@/lib/audit/log";
import type { AuditTarget } from "@/lib/audit/record";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { Locale } from "@/shared/i18n/locale.mjs";

/** Something the log names, with the console page it is seen on (null: it no longer exists). */
export type AuditLink = { label: string; href: string | null };

/** The log's words: the audit's messages and the test form's labels, in the reader's language. */
export type AuditTexts = {
  locale: Locale;
  /** Subjects', districts' and regions' names in the reader's language. */
  local: (name: string) => string;
  audit: OrganiserMessages["audit"];
  testFields: OrganiserMessages["tests"];
  languageNames: OrganiserMessages["questions"]["languageNames"];
};

export const pupilHref = (id: number) => `/admin/pupils/${id}`;
export const subjectHref = (id: number) => `/admin/questions?subjectId=${id}`;

/** A subject as the log names it ("5-sinf, Matematika"), in the reader's language. */
export function subjectName({ audit, local }: AuditTexts, names: AuditNames, subjectId: number | undefined): string | undefined {
  const subject = subjectId === undefined ? undefined : names.subjects.get(subjectId);
  return subject && audit.subject({ grade: subject.grade, name: local(subject.name) });
}

export function personLink({ audit }: AuditTexts, names: AuditNames, id: number): AuditLink {
  const person = names.people.get(id);
  if (!person) return { label: `${audit.targets.pupil} #${id}`, href: null };
  const label = person.username ? `${person.name} (${person.username})` : person.name;
  return { label, href: person.organiser ? "/admin/organisers" : pupilHref(id) };
}

export function targetOf(texts: AuditTexts, row: { targetType: AuditTarget; targetId: number | null }, names: AuditNames): AuditLink {
  const { audit } = texts;
  const id = row.targetId;
  const bare = { label: `${audit.targets[row.targetType] ?? row.targetType}${id === null ? "" : ` #${id}`}`, href: null };
  if (row.targetType === "payments") return { label: bare.label, href: "/admin/payments" };
  if (row.targetType === "season") return { label: bare.label, href: "/admin/seasons" };
  if (id === null) return bare;
  const subject = (subjectId: number | undefined) => subjectName(texts, names, subjectId);
  switch (row.targetType) {
    case "pupil":
    case "organiser":
      return names.people.has(id) ? personLink(texts, names, id) : bare;
    case "attempt": {
      const attempt = names.attempts.get(id);
      if (!attempt) return bare;
      const pupil = names.people.get(attempt.userId)?.name ?? `#${attempt.userId}`;
      return { label: audit.attemptOf({ id, pupil, subject: subject(attempt.subjectId) ?? "" }), href: pupilHref(attempt.userId) };
    }
    case "test": {
      const subjectId = names.tests.get(id);
      const label = subject(subjectId);
      return label ? { label, href: `/admin/results?testId=${id}` } : bare;
    }
    case "question": {
      const subjectId = names.questions.get(id);
      const label = subject(subjectId);
      return label && subjectId ? { label: audit.questionOf({ id, subject: label }), href: subjectHref(subjectId) } : bare;
    }
    case "subject": {
      const label = subject(id);
      return label ? { label, href: subjectHref(id) } : bare;
    }
    case "district": {
      const district = names.districts.get(id);
      return district ? { label: texts.local(district), href: `/admin/pupils?districtId=${id}` } : bare;
    }
    case "notice":
      return { label: bare.label, href: "/admin/incidents" };
  }
}

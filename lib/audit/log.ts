// The audit log as recorded, a page at a time, newest first, with the names its ids stand for (the
// pupils, subjects, districts, … the acts were done to), read for that page at once. The console's
// page and the API put it in words and links (./rows.ts).
import "server-only";
import { count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { attempts, districts, organiserActions, questionChoices, questions, regions, subjects, tests, users } from "@/db/schema";
import type { AuditAction, AuditTarget } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { firstText } from "@/shared/attempts/enums";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";

export const AUDIT_PAGE_SIZE = 50;

/** A regrade names every pupil whose result changed: the page shows the first of them. */
export const CHANGES_SHOWN = 20;

/** One recorded act, its details parsed (times in UTC, ids as recorded). */
export type RecordedAction = {
  id: number;
  createdAt: Date;
  /** The organiser's username. */
  organiser: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  reason: string | null;
  details: Record<string, unknown> | null;
};

/**
 * The names the log's ids stand for, read for one page of it at a time: subjects, districts and
 * regions by their stored (Uzbek) names, which the reader's page puts in its own language.
 */
export type AuditNames = {
  people: Map<number, { name: string; username: string | null; organiser: boolean }>;
  attempts: Map<number, { userId: number; subjectId: number }>;
  tests: Map<number, number>;
  questions: Map<number, number>;
  subjects: Map<number, { grade: number; name: string }>;
  districts: Map<number, string>;
  regions: Map<number, string>;
  /** Each choice with its text as the bank keeps it (HTML). */
  choices: Map<number, { questionId: number; html: string }>;
};

const ids = (values: unknown[]) => [...new Set(values.filter((v): v is number => Number.isInteger(v)))];

async function namesOf(rows: (typeof organiserActions.$inferSelect)[], details: (Record<string, unknown> | null)[]): Promise<AuditNames> {
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
    subjects: new Map(subjectRows.map((s) => [s.id, { grade: s.grade, name: s.name }])),
    districts: new Map(districtRows.map((d) => [d.id, d.name])),
    regions: new Map(regionRows.map((r) => [r.id, r.name])),
    choices: new Map(choiceRows.map((c) => [c.id, { questionId: c.questionId, html: firstText(c.texts) }])),
  };
}

async function inList<T>(list: number[], read: (list: number[]) => Promise<T[]>): Promise<T[]> {
  return list.length === 0 ? [] : read(list);
}

/** Newest first, a page at a time, with the names of everything the page's acts name. */
export async function readActions({
  page = 1,
  lines,
}: {
  page?: number;
  /** Which lines: the console's season's (lib/seasons/audit.ts auditInSeason); none given, all. */
  lines?: SQL;
}): Promise<{ actions: RecordedAction[]; names: AuditNames; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ action: organiserActions, organiser: users.username })
      .from(organiserActions)
      .innerJoin(users, eq(users.id, organiserActions.organiserId))
      .where(lines)
      .orderBy(desc(organiserActions.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(organiserActions).where(lines),
  ]);
  const details = rows.map(({ action: a }) => (a.details ? (JSON.parse(a.details) as Record<string, unknown>) : null));
  const names = await namesOf(
    rows.map((r) => r.action),
    details,
  );
  return {
    actions: rows.map(({ action: a, organiser }, i) => ({
      id: a.id,
      createdAt: a.createdAt,
      organiser: organiser ?? "",
      action: a.action as AuditAction,
      targetType: a.targetType as AuditTarget,
      targetId: a.targetId,
      reason: a.reason,
      details: details[i],
    })),
    names,
    total: Number(total),
  };
}

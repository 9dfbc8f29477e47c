// The organiser's audit log (DESIGN §8): every action and every change of a test, with who, when,
// what and why. Written in the same transaction as the change it records; read-only afterwards.
import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { organiserActions, users } from "@/db/schema";

export const AuditAction = {
  PupilBlock: "pupil.block",
  PupilUnblock: "pupil.unblock",
  PupilPassword: "pupil.password",
  PupilUnlock: "pupil.unlock",
  PupilName: "pupil.name",
  PupilExtraMinutes: "pupil.extraMinutes",
  AttemptEnd: "attempt.end",
  AttemptReset: "attempt.reset",
  TestSave: "test.save",
  TestRegrade: "test.regrade",
  OrganiserCreate: "organiser.create",
  OrganiserPassword: "organiser.password",
  QuestionImport: "question.import",
  QuestionDelete: "question.delete",
  QuestionRetire: "question.retire",
  QuestionUpdate: "question.update",
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export type AuditTarget = "pupil" | "attempt" | "test" | "organiser" | "question" | "subject";

export type AuditEntry = {
  organiserId: number;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  reason?: string | null;
  /** What changed; never a password. */
  details?: Record<string, unknown>;
};

export async function recordAction(tx: Transaction | typeof db, entry: AuditEntry): Promise<void> {
  await tx.insert(organiserActions).values({
    organiserId: entry.organiserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditRow = {
  id: number;
  createdAt: string;
  organiser: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  reason: string | null;
  details: Record<string, unknown> | null;
};

/** Newest first, a page at a time. */
export async function listActions({ page = 1 }: { page?: number }): Promise<{ items: AuditRow[]; total: number }> {
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
  return {
    items: rows.map(({ action: a, organiser }) => ({
      id: a.id,
      createdAt: a.createdAt.toISOString(),
      organiser: organiser ?? "",
      action: a.action as AuditAction,
      targetType: a.targetType as AuditTarget,
      targetId: a.targetId,
      reason: a.reason,
      details: a.details ? (JSON.parse(a.details) as Record<string, unknown>) : null,
    })),
    total: Number(total),
  };
}

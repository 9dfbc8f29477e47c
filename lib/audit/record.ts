// The organiser's audit log: every action and every change of a test, with who, when,
// what and why. Written in the same transaction as the change it records; read-only afterwards
// (read as the organiser reads it: log.ts).
import "server-only";
import { organiserActions } from "@/db/schema";
import type { db, Transaction } from "@/lib/db/client";
import { logEvent } from "@/lib/log.mjs";

export const AuditAction = {
  PupilBlock: "pupil.block",
  PupilUnblock: "pupil.unblock",
  PupilPassword: "pupil.password",
  PupilUnlock: "pupil.unlock",
  PupilName: "pupil.name",
  PupilExtraMinutes: "pupil.extraMinutes",
  /** Extra minutes given for the registration's accommodation request (issue 27). */
  PupilAccommodation: "pupil.accommodation",
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
  /** An exposed item (seen with its key in an earlier season) kept in the papers on purpose, or left out again. */
  QuestionKeepExposed: "question.keepExposed",
  LoginsExport: "pupil.loginsExport",
  RehearsalCreate: "rehearsal.create",
  RehearsalRemove: "rehearsal.remove",
  TestExtraTime: "test.extraTime",
  NoticePost: "notice.post",
  NoticeWithdraw: "notice.withdraw",
  PupilExport: "pupil.export",
  PupilErase: "pupil.erase",
  ScreeningRun: "test.screening",
  ScreeningDecision: "test.screeningDecision",
  AppealDecision: "test.appealDecision",
  AppealsClose: "test.appealsClose",
  ListFinalise: "test.finalise",
  /** The list's minute set or cleared (lib/final-list/minute.ts). */
  ResultsMinute: "test.resultsMinute",
  /** The camp's roster downloaded, with the parents' phones and accommodation needs (lib/invitations/api.ts). */
  InvitationsExport: "test.invitationsExport",
  /** The accountant's register of payments downloaded (lib/payments/register.ts). */
  PaymentsExport: "payments.export",
  /** A season made or its settings changed, and registrations moved to a season (lib/seasons/console.ts). */
  SeasonSave: "season.save",
  SeasonRegistrations: "season.registrations",
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export type AuditTarget =
  | "pupil"
  | "attempt"
  | "test"
  | "organiser"
  | "question"
  | "subject"
  | "district"
  | "notice"
  | "payments"
  | "season";

export type AuditEntry = {
  organiserId: number;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number | null;
  reason?: string | null;
  /** What changed; never a password. */
  details?: Record<string, unknown>;
};

/** Acts whose reason is often a child's health: kept in the audit log, never in the logs. */
const UNLOGGED_REASONS: ReadonlySet<AuditAction> = new Set([AuditAction.PupilAccommodation]);

/** Records an action in the audit log, and writes its log line (without its details). */
export async function recordAction(tx: Transaction | typeof db, entry: AuditEntry): Promise<void> {
  logEvent("organiser.action", {
    organiserId: entry.organiserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ...(entry.reason && !UNLOGGED_REASONS.has(entry.action) ? { reason: entry.reason } : {}),
  });
  await tx.insert(organiserActions).values({
    organiserId: entry.organiserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

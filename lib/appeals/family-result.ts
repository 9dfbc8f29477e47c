// The result as the family reads it on the registration link's page, once the pupil has ended the
// test: the score out of the maximum, the day of the test, whether the organiser voided it, and
// the certificate's public address. The list's state, the second stage, the score's moves and the
// appeals' decisions come with the appeals (appealsView). The link already shows the pupil's name,
// school, login and password: whoever holds it sees no more here than the pupil does after the
// test (never the answers: the review needs the pupil's sign-in).
import "server-only";
import { type AttemptResult, attemptResult } from "@/lib/attempts/ending";
import { certificateOfUser } from "@/lib/certificates/certificates";
import { db } from "@/lib/db/client";
import { ownAttempt } from "./pupil-view";

export type FamilyResult = {
  result: AttemptResult;
  /** When the pupil ended the test (ISO). */
  endedAt: string;
  /** The certificate's public page, when the pupil has one (not when voided or blocked). */
  certificateUrl: string | null;
};

/** The family's view of the pupil's result, or null before the pupil has ended the test (or unpaid). */
export async function familyResult(guid: string, now: Date): Promise<FamilyResult | null> {
  const attempt = await ownAttempt(db, { guid });
  if (!attempt) return null;
  const [result, certificate] = await Promise.all([
    attemptResult({ userId: attempt.userId, attemptId: attempt.attemptId, now }),
    certificateOfUser(attempt.userId, now),
  ]);
  return {
    result,
    endedAt: new Date(attempt.endedAt).toISOString(),
    certificateUrl: certificate?.verifyUrl ?? null,
  };
}

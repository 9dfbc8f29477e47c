// Schemas of the TestAttempts endpoints (spec §7).
import "server-only";
import { z } from "zod";
import { sayThat } from "@/shared/i18n/said";
import { entityId, queryId } from "@/shared/validation/fields";

const pinRequired = sayThat((m) => m.attempt.pinRequired);
export const pinCode = z.string(pinRequired).trim().min(1, pinRequired).max(16);

/**
 * The spec's `language` (Uzbek = 0) is checked but not trusted: the paper is drawn in the pupil's
 * study language as the registration and profile set it. `withAttempt` (ours): a page with no paper
 * kept sealed asks for the attempt, as `Get` answers it, in the same answer.
 */
export const newAttemptSchema = z.object({ language: z.literal([0, 1, 2]).default(0), pinCode, withAttempt: z.boolean().optional() });
export const checkPinSchema = z.object({ pinCode });
export const attemptIdQuery = z.object({ id: queryId });
export const remainingTimeQuery = z.object({ attemptId: queryId });
export const resultQuery = z.object({ testAttemptId: queryId });
/**
 * When the pupil chose the answer, as the page knows it (its outbox may send an answer late,
 * offline): epoch ms or an ISO time, within a Date's range. saveAnswer clamps it to the attempt.
 */
const chosenAt = z
  .union([z.int().min(0).max(8.64e15), z.iso.datetime({ offset: true })])
  .transform((at) => new Date(at))
  .optional();
export const answerSchema = z.object({ testAttemptQuestionId: entityId, answerId: entityId, chosenAt });
export const finishSchema = z.object({ attemptId: entityId, isEndedByUser: z.boolean().default(true) });

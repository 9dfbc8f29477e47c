// The test suites' requests to /api/test-support: what each call may be asked to do.
import "server-only";
import { z } from "zod";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { entityId } from "@/shared/validation/fields";

export const drawingBody = z.object({ action: z.enum(["pause", "resume", "pass"]) });

export const clockBody = z.object({
  aheadMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

const count = z.number().int().min(0).max(50);

export const olympiadBody = z.object({
  bankPerDifficulty: count.optional(),
  counts: z.object({ easy: count, medium: count, hard: count }).optional(),
  openedAt: z.iso.datetime({ offset: true }).optional(),
  closedAt: z.iso.datetime({ offset: true }).optional(),
  durationMinutes: z.number().int().min(1).max(600).optional(),
  pinCode: z.string().optional(),
  reviewPolicy: z.enum([ReviewPolicy.AfterClose, ReviewPolicy.AfterEnd]).optional(),
  translated: z.object({ 1: count.optional(), 2: count.optional() }).optional(),
  /** The first easy question's text as stored, past the import's checks. */
  storedText: z.string().max(100_000).optional(),
});

export const pupilBody = z.object({
  grade: z.number().int().min(5).max(9).optional(),
  subject: z.string().optional(),
  subjectId: z.optional(entityId),
  paid: z.boolean().optional(),
  extraMinutes: z.number().int().min(0).max(600).optional(),
  names: z.object({ firstName: z.string(), lastName: z.string(), middleName: z.string().optional() }).optional(),
  districtId: z.optional(entityId),
  language: z.literal([0, 1, 2]).optional(),
  accommodation: z.string().max(500).optional(),
});

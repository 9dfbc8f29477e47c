// The testing calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import { z } from "zod";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler, notServed } from "@/lib/api/handler";
import { drawAheadNow, pauseDrawingAhead } from "@/lib/certificates/ahead";
import { moveClockOn, now } from "@/lib/clock";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { startProfile, stopProfile } from "@/lib/testing/profile";
import { createTestPupil } from "@/lib/testing/pupils";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { entityId } from "@/shared/validation/fields";

const drawingBody = z.object({ action: z.enum(["pause", "resume", "pass"]) });

const absent = notServed("testSupport");

const clockBody = z.object({
  aheadMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

const count = z.number().int().min(0).max(50);

const olympiadBody = z.object({
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

const pupilBody = z.object({
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

export const testingApi = {
  // The suites and benchmarks steer this process's drawing ahead (lib/certificates/ahead.ts): pause
  // it (a first drawing is measured as a download's), resume it, or run one whole pass now.
  "/api/test-support/certificates": {
    POST: handler({ auth: "testSupport", body: drawingBody }, async ({ body }) => {
      if (body.action === "pass") return drawAheadNow();
      pauseDrawingAhead(body.action === "pause");
      return { paused: body.action === "pause" };
    }),
    GET: absent,
    PUT: absent,
    PATCH: absent,
    DELETE: absent,
  },
  // The test suites move the after-test clock on (lib/clock.ts): the days of an appeal period pass.
  "/api/test-support/clock": {
    POST: handler({ auth: "testSupport", body: clockBody }, ({ body }) => {
      moveClockOn(body.aheadMs);
      return { now: now().toISOString() };
    }),
    GET: absent,
    PUT: absent,
    PATCH: absent,
    DELETE: absent,
  },
  "/api/test-support/olympiads": {
    POST: handler({ auth: "testSupport", body: olympiadBody }, async ({ body }) => {
      return createTestOlympiad({
        ...body,
        openedAt: body.openedAt ? new Date(body.openedAt) : undefined,
        closedAt: body.closedAt ? new Date(body.closedAt) : undefined,
      });
    }),
    GET: absent,
    PUT: absent,
    PATCH: absent,
    DELETE: absent,
  },
  // The benches profile the app one flow at a time (lib/testing/profile.ts): POST starts the
  // sampling, DELETE stops it and answers the .cpuprofile.
  "/api/test-support/profile": {
    POST: handler({ auth: "testSupport" }, async () => {
      await startProfile();
      return { started: true };
    }),
    DELETE: handler({ auth: "testSupport" }, async () => (await stopProfile()) ?? { started: false }),
    GET: absent,
    PUT: absent,
    PATCH: absent,
  },
  "/api/test-support/pupils": {
    POST: handler({ auth: "testSupport", body: pupilBody }, async ({ body }) => {
      return createTestPupil(body);
    }),
    GET: absent,
    PUT: absent,
    PATCH: absent,
    DELETE: absent,
  },
} satisfies ApiHandlers;

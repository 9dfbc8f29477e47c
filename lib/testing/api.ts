// The testing calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler, notServed } from "@/lib/api/handler";
import { drawAheadNow, pauseDrawingAhead } from "@/lib/certificates/ahead";
import { moveClockOn, now } from "@/lib/clock";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { startProfile, stopProfile } from "@/lib/testing/profile";
import { createTestPupil } from "@/lib/testing/pupils";
import { clockBody, drawingBody, olympiadBody, pupilBody } from "@/lib/testing/schema";

const absent = notServed("testSupport");

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

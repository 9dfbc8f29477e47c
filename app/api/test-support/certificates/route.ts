// The suites and benchmarks steer this process's drawing ahead (lib/certificates/ahead.ts): pause
// it (a first drawing is measured as a download's), resume it, or run one whole pass now.
import { z } from "zod";
import { handler, notServed } from "@/lib/api/handler";
import { drawAheadNow, pauseDrawingAhead } from "@/lib/certificates/ahead";

const body = z.object({ action: z.enum(["pause", "resume", "pass"]) });

export const POST = handler({ auth: "testSupport", body }, async ({ body }) => {
  if (body.action === "pass") return drawAheadNow();
  pauseDrawingAhead(body.action === "pause");
  return { paused: body.action === "pause" };
});

const absent = notServed("testSupport");

export { absent as GET, absent as PUT, absent as PATCH, absent as DELETE };

// The test suites move the after-test clock on (lib/clock.ts): the days of an appeal period pass.
import { z } from "zod";
import { handler, notServed } from "@/lib/api/handler";
import { moveClockOn, now } from "@/lib/clock";

const body = z.object({
  aheadMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

export const POST = handler({ auth: "testSupport", body }, ({ body }) => {
  moveClockOn(body.aheadMs);
  return { now: now().toISOString() };
});

const absent = notServed("testSupport");

export { absent as GET, absent as PUT, absent as PATCH, absent as DELETE };

// The server's time for what follows a test (appeals, their deadline, the final list): the wall
// clock, which only the test suites may move on (/api/test-support/clock, served with
// TEST_SUPPORT_TOKEN alone, never on a deployment) to let the days of an appeal period pass.
// One offset per process (lib/process-state.mjs): every copy of this module reads the same time.
import "server-only";
import { processWide } from "@/lib/process-state.mjs";

const moved = () => processWide("clock", () => ({ ms: 0 }));

export function now(): Date {
  return new Date(Date.now() + moved().ms);
}

/** The test suites' clock: this far ahead of the wall clock from now on (never back). */
export function moveClockOn(ms: number): void {
  moved().ms = Math.max(moved().ms, ms);
}

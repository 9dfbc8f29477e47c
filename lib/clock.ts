// The server's time for what follows a test (appeals, their deadline, the final list): the wall
// clock, which only the test suites may move on (/api/test-support/clock, served with
// TEST_SUPPORT_TOKEN alone, never on a deployment) to let the days of an appeal period pass.
import "server-only";

let movedOnMs = 0;

export function now(): Date {
  return new Date(Date.now() + movedOnMs);
}

/** The test suites' clock: this far ahead of the wall clock from now on (never back). */
export function moveClockOn(ms: number): void {
  movedOnMs = Math.max(movedOnMs, ms);
}

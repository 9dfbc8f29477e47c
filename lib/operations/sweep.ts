// The periodic sweep, run by every instance (safe to run concurrently): expired attempts are
// ended and scored; a test that closed and has no attempt left to end is screened for answer
// copying, once; sign-in tries nobody repeated for a day, and signed-out sessions whose tokens
// expired, are forgotten; once an hour, personal data past its time (phone numbers, birth dates,
// the saves of answers, the devices and addresses of sign-ins and starts) is removed.
import { databaseAway, noteDatabaseFailure } from "@/lib/db/availability.mjs";
import "server-only";
import { sweepExpiredAttempts } from "@/lib/attempts/ending";
import { forgetEndedSessions } from "@/lib/identity/session";
import { forgetOldSignInFailures } from "@/lib/identity/sign-in";
import { screenClosedTests } from "@/lib/integrity/screening";
import { errorText, log } from "@/lib/log.mjs";
import { removeExpiredPersonalData } from "@/lib/personal-data/personal-data";
import { processWide } from "@/lib/process-state.mjs";

const SWEEP_INTERVAL_MS = 30_000;
/** Personal data past its time (lib/personal-data/personal-data.ts) is looked for once an hour. */
const RETENTION_INTERVAL_MS = 3_600_000;

/** Starts the sweep, once per process (lib/process-state.mjs), however many bundles ask. */
export function startAttemptSweep(): void {
  processWide("sweep", sweepEvery);
}

function sweepEvery(): NodeJS.Timeout {
  let running = false;
  let retainedAt = 0;
  const timer = setInterval(async () => {
    if (running || databaseAway()) return;
    running = true;
    try {
      await sweepExpiredAttempts(); // each end is logged
      await screenClosedTests(); // each run is logged
      await forgetOldSignInFailures();
      await forgetEndedSessions();
      if (Date.now() - retainedAt >= RETENTION_INTERVAL_MS) {
        retainedAt = Date.now();
        await removeExpiredPersonalData();
      }
    } catch (error) {
      if (!noteDatabaseFailure(error)) log().error({ err: errorText(error) }, "sweep failed");
    } finally {
      running = false;
    }
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}

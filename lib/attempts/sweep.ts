// The periodic sweep, run by every instance (safe to run concurrently): expired attempts are
// ended and scored; sign-in tries nobody repeated for a day, and signed-out sessions whose tokens
// expired, are forgotten.
import "server-only";
import { forgetEndedSessions } from "@/lib/identity/session";
import { forgetOldSignInFailures } from "@/lib/identity/sign-in";
import { sweepExpiredAttempts } from "./ending";

const SWEEP_INTERVAL_MS = 30_000;
const globalForSweep = globalThis as unknown as { olimpiadaSweep?: NodeJS.Timeout };

export function startAttemptSweep(): void {
  if (globalForSweep.olimpiadaSweep) return;
  let running = false;
  globalForSweep.olimpiadaSweep = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const ended = await sweepExpiredAttempts();
      if (ended > 0) console.log(`Ended ${ended} expired attempt(s).`);
      await forgetOldSignInFailures();
      await forgetEndedSessions();
    } catch (error) {
      console.error("Attempt sweep failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  }, SWEEP_INTERVAL_MS);
  globalForSweep.olimpiadaSweep.unref();
}

// The periodic sweep of expired attempts, run by every instance (it is safe to run concurrently).
import "server-only";
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
    } catch (error) {
      console.error("Attempt sweep failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  }, SWEEP_INTERVAL_MS);
  globalForSweep.olimpiadaSweep.unref();
}

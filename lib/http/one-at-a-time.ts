// Heavy work (drawing a certificate, reading a spreadsheet) one job at a time per process, with a
// short queue; past it the caller is told the server is busy (503) rather than waiting. The test's
// requests never queue behind a crowd of such jobs.
import "server-only";
import { callMessages } from "@/lib/i18n/server";
import { AppError } from "./errors";

export function oneAtATime({ maxWaiting }: { maxWaiting: number }) {
  let slot: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (waiting >= maxWaiting) throw new AppError(503, null, callMessages().http.busy, {}, { "Retry-After": "5" });
    waiting += 1;
    const turn = slot.then(async () => {
      // Let the requests that queued behind the last job through before starting the next.
      await new Promise((resolve) => setImmediate(resolve));
      return job();
    });
    slot = turn.catch(() => {});
    try {
      return await turn;
    } finally {
      waiting -= 1;
    }
  };
}

// The servers a suite starts for itself: waited for until they answer, and until they have gone.
import type { ChildProcess } from "node:child_process";
import { expect } from "@playwright/test";

/** Until the server at `base` answers its health check (a first start may build caches: a bound, not a measure). */
export async function untilHealthy(base: string, timeout = 100_000): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      { message: `the server at ${base} answers its health check`, timeout, intervals: [250] },
    )
    .toBe(true);
}

/** Once `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

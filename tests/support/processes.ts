// The servers a suite starts for itself: waited for until they answer, and until they have gone.
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "@playwright/test";
import { TEST_ENV } from "./test-env";

/**
 * A production server of the suite's own on `port` (server/main.mjs, in a process group of its own:
 * stop it with the group), with the suites' secrets, no admission limit, and `env` over them.
 */
export function ownServer(port: number, env: Record<string, string | undefined>, inherited: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, ["server/main.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    detached: true,
    stdio: "ignore",
    env: { ...inherited, ...TEST_ENV, NODE_ENV: "production", ADMISSION_LIMIT: "0", PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
  });
}

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

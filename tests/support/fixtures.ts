// The Playwright suites' `test`: each test is its own client, with its own address. The test
// server trusts one proxy hop (TRUST_PROXY_HOPS=1), so an X-Forwarded-For entry stands for the
// address a proxy saw; per-address limits (registration, sign-in, certificate checks) then count
// each test on its own, as they would count different families.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

let counter = 0;

/** An address of its own for each test of this worker (10.W.x.y). */
export function uniqueAddress(workerIndex: number): string {
  counter += 1;
  return `10.${100 + (workerIndex % 100)}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": uniqueAddress(testInfo.workerIndex) });
  },
});

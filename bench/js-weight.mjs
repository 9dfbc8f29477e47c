// @ts-check
// The JavaScript a page makes the browser download (the cheap phone's budget: each page of its
// path ≤ 150 KB compressed), counted as the network carries it: the encoded (brotli or gzip) body of every script
// response of a cold load, from the browser's own network events, until the network rests; open
// the page in a context with service workers blocked, so that nothing is served from a worker.
// What loads on a tap later (a dialog's code, a form's schema) is not counted. Used by
// `npm run bench:js` and by the suite's check (tests/e2e/page-weight.spec.ts). Plain JavaScript
// (node runs the bench as it is) with JSDoc types, checked by tsc for the suite.

/**
 * A script of the page: its path, its bytes as sent (compressed) and raw.
 * @typedef {{ url: string; sent: number; raw: number }} Script
 */

export const JS_BUDGET_KB = 150;

/** Context options for a cold load counted on the network: nothing from a service worker. */
export const COLD_CONTEXT = /** @type {const} */ ({ serviceWorkers: "block" });

/**
 * Opens `url` in `page` (give it a fresh context with COLD_CONTEXT: a cold cache); its scripts, largest first.
 * @param {import("@playwright/test").Page} page
 * @param {string} url
 * @returns {Promise<Script[]>}
 */
export async function pageScripts(page, url) {
  /** @type {Script[]} */
  const scripts = [];
  /** @type {Promise<unknown>[]} */
  const reading = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    reading.push(
      Promise.all([response.request().sizes(), response.body()]).then(
        ([sizes, body]) => scripts.push({ url: new URL(response.url()).pathname, sent: sizes.responseBodySize, raw: body.length }),
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(reading);
  return scripts.sort((a, b) => b.sent - a.sent);
}

/**
 * Kilobytes (1024 bytes) of the scripts as sent (compressed) and raw.
 * @param {Script[]} scripts
 * @returns {{ sent: number; raw: number }}
 */
export function totalKB(scripts) {
  return {
    sent: scripts.reduce((sum, s) => sum + s.sent, 0) / 1024,
    raw: scripts.reduce((sum, s) => sum + s.raw, 0) / 1024,
  };
}

// The JavaScript a page makes the browser download (the cheap phone's budget: each page of its
// path ≤ 150 KB gzip), measured as the browser receives it: every script response of a cold load,
// gzipped, until the network rests. What loads on a tap later (a dialog's code, a form's schema)
// is not counted. Used by `npm run bench:js` and by the suite's check (tests/e2e/page-weight.spec.ts).
import { gzipSync } from "node:zlib";

export const JS_BUDGET_KB = 150;

/** Opens `url` in `page` (give it a fresh context: a cold cache); its scripts, largest first. */
export async function pageScripts(page, url) {
  const scripts = [];
  const reading = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    reading.push(
      response.body().then(
        (body) => scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length, raw: body.length }),
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(reading);
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

/** Kilobytes (1024 bytes) of the scripts' gzip and raw sizes. */
export function totalKB(scripts) {
  return {
    gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024,
    raw: scripts.reduce((sum, s) => sum + s.raw, 0) / 1024,
  };
}

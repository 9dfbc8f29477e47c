// `npm run bench:js`: the JavaScript each page of the cheap phone's path makes the browser
// download (issue "the pupil on a cheap phone": each ≤ 150 KB gzip), measured as the browser
// receives it: the production build on PostgreSQL, a cold Chromium on a phone viewport, every
// script response gzipped as the server sends it. Pages: /login, /register (the form after its
// redirect) and a running attempt's page. Exits 1 when a page is over the budget.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { benchOlympiad, signedInPupil, startBenchServer } from "./server.mjs";

const BUDGET_KB = Number(process.env.BENCH_JS_BUDGET_KB ?? 150);
const PORT = Number(process.env.BENCH_PORT ?? 3408);
const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
let over = 0;
try {
  const { cookie } = await signedInPupil(call, await benchOlympiad(call));
  const name = cookie.slice(0, cookie.indexOf("="));
  const value = cookie.slice(cookie.indexOf("=") + 1);
  const { attemptId } = await (
    await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: "1234" } })
  ).json();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const pages = [
    ["/login", false],
    ["/register", false],
    [`/test-attempt/${attemptId}`, true],
  ];
  console.log(`JavaScript per page, gzip, cold cache (budget ${BUDGET_KB} KB)`);
  for (const [path, signedIn] of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    if (signedIn) await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const scripts = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body) scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length, raw: body.length });
    });
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await context.close();
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0) / 1024;
    const verdict = total <= BUDGET_KB ? "within budget" : "OVER BUDGET";
    if (total > BUDGET_KB) over++;
    console.log(
      `${path.replace(/\d+$/, "{id}").padEnd(20)} ${total.toFixed(1).padStart(7)} KB gzip (${raw.toFixed(0)} KB raw, ${scripts.length} files)  ${verdict}`,
    );
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BENCH_JS_TOP ?? 4))) {
      console.log(`    ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
    }
  }
  await browser.close();
} finally {
  await stop();
}
process.exitCode = over > 0 ? 1 : 0;

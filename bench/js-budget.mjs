// `npm run bench:js`: the JavaScript each page of the cheap phone's path makes the browser
// download (bench/js-weight.mjs says how it is counted), on the production build and PostgreSQL,
// a cold Chromium on a phone viewport. Pages: /login, /register (the form after its redirect) and
// a running attempt's page. Exits 1 when a page is over the budget.
import { chromium } from "@playwright/test";
import { COLD_CONTEXT, JS_BUDGET_KB, pageScripts, totalKB } from "./js-weight.mjs";
import { benchOlympiad, signedInPupil, startBenchServer } from "./server.mjs";

const BUDGET_KB = Number(process.env.BENCH_JS_BUDGET_KB ?? JS_BUDGET_KB);
const PORT = Number(process.env.BENCH_PORT ?? 3408);
const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
let over = 0;
try {
  const olympiad = await benchOlympiad(call);
  const { cookie } = await signedInPupil(call, olympiad);
  const name = cookie.slice(0, cookie.indexOf("="));
  const value = cookie.slice(cookie.indexOf("=") + 1);
  const { attemptId } = await (
    await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: olympiad.pinCode } })
  ).json();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  /** @type {[string, boolean][]} */
  const pages = [
    ["/login", false],
    ["/register", false],
    [`/test-attempt/${attemptId}`, true],
  ];
  console.log(`JavaScript per page as the network carries it (compressed), cold cache (budget ${BUDGET_KB} KB)`);
  for (const [path, signedIn] of pages) {
    const context = await browser.newContext({ ...COLD_CONTEXT, viewport: { width: 390, height: 844 }, isMobile: true });
    if (signedIn) {
      await context.addCookies([{ name, value, url: base }]);
      // The device the pupil started on keeps the PIN: no PIN dialog over the question.
      await context.addInitScript((pin) => localStorage.setItem("pinCode", pin), olympiad.pinCode);
    }
    const page = await context.newPage();
    const scripts = await pageScripts(page, `${base}${path}`);
    await context.close();
    const { sent: total, raw } = totalKB(scripts);
    const verdict = total <= BUDGET_KB ? "within budget" : "OVER BUDGET";
    if (total > BUDGET_KB) over++;
    console.log(
      `${path.replace(/\d+$/, "{id}").padEnd(20)} ${total.toFixed(1).padStart(7)} KB sent (${raw.toFixed(0)} KB raw, ${scripts.length} files)  ${verdict}`,
    );
    for (const s of scripts.slice(0, Number(process.env.BENCH_JS_TOP ?? 4))) {
      console.log(`    ${(s.sent / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
    }
  }
  await browser.close();
} finally {
  await stop();
}
process.exitCode = over > 0 ? 1 : 0;

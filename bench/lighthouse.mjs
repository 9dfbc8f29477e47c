// `npm run bench:lighthouse`: Lighthouse (the npm package, in the Debian Chromium), mobile
// profile — a mid-range phone on slow 4G, simulated: Lighthouse's default — on /login and on a
// running attempt's page (a pupil signed in, the PIN on the device, cold cache), against the
// production build on PostgreSQL. Prints LCP and Total Blocking Time for each page, median of
// BENCH_LIGHTHOUSE_RUNS runs (5: Lighthouse's own advice against its variability), against the
// budget: LCP ≤ 2.5 s, TBT ≤ 200 ms. Exits 1 over it.
// BENCH_LIGHTHOUSE_DETAIL=1 also prints where the main thread's time went (boot-up, long tasks).
import { navigation } from "lighthouse";
import puppeteer from "puppeteer-core";
import { benchOlympiad, signedInPupil, startBenchServer } from "./server.mjs";

const LCP_BUDGET_MS = 2500;
const TBT_BUDGET_MS = 200;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3409);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
let over = 0;
try {
  const olympiad = await benchOlympiad(call);
  const { cookie } = await signedInPupil(call, olympiad);
  const { attemptId } = await (
    await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: olympiad.pinCode } })
  ).json();
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];

  const pages = [
    { label: "/login", path: "/login", signedIn: false },
    { label: "/test-attempt/{id}", path: `/test-attempt/${attemptId}`, signedIn: true },
  ];
  console.log(`Lighthouse ${RUNS}× per page, mobile profile (simulated slow 4G, 4× CPU), cold cache; median`);
  for (const { label, path, signedIn } of pages) {
    const lcp = [];
    const tbt = [];
    const hostIndex = [];
    for (let run = 0; run < RUNS; run++) {
      // A new browser each run: a cold cache, and storage of our own making only.
      const browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
      });
      try {
        const page = await browser.newPage();
        if (signedIn) {
          await browser.setCookie({ name, value, domain: new URL(base).hostname, path: "/" });
          // The device the pupil started on keeps the PIN: no PIN dialog over the question.
          await page.evaluateOnNewDocument((pin) => localStorage.setItem("pinCode", pin), olympiad.pinCode);
        }
        const flow = await navigation(page, `${base}${path}`, {
          flags: { onlyCategories: ["performance"], formFactor: "mobile", disableStorageReset: true, logLevel: "error" },
        });
        const audits = flow.lhr.audits;
        if (flow.lhr.runtimeError) throw new Error(`${label}: ${flow.lhr.runtimeError.message}`);
        if (process.env.BENCH_LIGHTHOUSE_DETAIL) {
          for (const key of ["bootup-time", "mainthread-work-breakdown", "long-tasks"]) {
            const items = /** @type {{ items?: any[] } | undefined} */ (audits[key]?.details)?.items ?? [];
            console.log(
              `    ${key}: ${JSON.stringify(items.slice(0, 6).map((i) => [i.url ?? i.groupLabel ?? "", Math.round(i.total ?? i.duration ?? 0), Math.round(i.scripting ?? i.startTime ?? 0)]))}`,
            );
          }
        }
        lcp.push(audits["largest-contentful-paint"].numericValue);
        tbt.push(audits["total-blocking-time"].numericValue);
        hostIndex.push(flow.lhr.environment.benchmarkIndex);
      } finally {
        await browser.close();
      }
    }
    const [l, t] = [median(lcp), median(tbt)];
    const ok = l <= LCP_BUDGET_MS && t <= TBT_BUDGET_MS;
    if (!ok) over++;
    console.log(
      `${label.padEnd(20)} LCP ${(l / 1000).toFixed(2)} s (budget ${LCP_BUDGET_MS / 1000} s)   TBT ${Math.round(t)} ms (budget ${TBT_BUDGET_MS} ms)   ${ok ? "within budget" : "OVER BUDGET"}`,
    );
    // Lighthouse's own measure of this machine's CPU: its 4× slowdown is meant to turn a high-end
    // desktop (benchmarkIndex 1500-2000) into a mid-tier phone (Lighthouse's docs/throttling.md);
    // on a slower host every task, and so the TBT, comes out longer than on that phone.
    console.log(
      `    runs: LCP ${lcp.map((v) => (v / 1000).toFixed(2)).join(", ")} s; TBT ${tbt.map(Math.round).join(", ")} ms; host benchmarkIndex ${hostIndex.map(Math.round).join(", ")}`,
    );
  }
} finally {
  await stop();
}
process.exitCode = over > 0 ? 1 : 0;

// What the browser really asks for at the opening, recorded in Chromium so that bench:opening
// replays it instead of a guess: one pupil signs in on the login page (phase "signIn": from
// pressing "Kirish" until the start page is shown), waits on the countdown, and at the opening
// presses "Testni boshlash" (phase "start": until the first question is on screen). What the page
// asks once within ZERO_SPREAD_MS of the opening (phase "atZero") is recorded on its own. Static files are left out (the browser has them cached
// from the login page, as a pupil waiting on the countdown does).
import { chromium } from "@playwright/test";
import { TOKEN } from "./server.mjs";

const PIN = "1234";
/** The page's spread of the countdowns' one request at zero (components/attempts/countdown.tsx). */
export const ZERO_SPREAD_MS = 30_000;
// "eventsource": the attempt page's stream of the organiser's acts (components/attempts/live.ts).
const RECORDED = ["document", "fetch", "xhr", "eventsource"];

/**
 * The page has no request in flight but its long-lived stream (which never ends, so "networkidle"
 * never comes while it is open) for `quietMs`.
 */
async function settled(page, inFlight, quietMs = 1000, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the page kept requests in flight: ${[...inFlight].map((r) => r.url()).join(", ")}`);
}

/**
 * Records what `page` asks for while `steps` is an array (documents, fetches, the stream; not the
 * build's static files and messages' scripts), and keeps the requests in flight but the stream in `inFlight`.
 */
function watch(page) {
  const recorder = { steps: null, inFlight: new Set() };
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") recorder.inFlight.add(request);
    if (!recorder.steps || !RECORDED.includes(request.resourceType())) return;
    const url = new URL(request.url());
    if (/^\/(_next\/static|i18n)\//.test(url.pathname)) return;
    const headers = Object.fromEntries(
      Object.entries(request.headers()).filter(([name]) =>
        /^(rsc|next-router-state-tree|next-url|next-router-prefetch|accept|content-type)$/i.test(name),
      ),
    );
    recorder.steps.push({ method: request.method(), path: `${url.pathname}${url.search}`, headers, body: request.postData() ?? undefined });
  });
  page.on("requestfinished", (request) => recorder.inFlight.delete(request));
  page.on("requestfailed", (request) => recorder.inFlight.delete(request));
  return recorder;
}

/**
 * A request as the browser made it, with the recorder's own attempt id, username and password in it
 * (bench:opening puts each pupil's in their place).
 * @typedef {{ method: string, path: string, headers: Record<string, string>, body?: string }} Step
 */

/**
 * @returns {Promise<{ signIn: Step[], atZero: Step[], start: Step[], pages: { steps: Step[], username: string, attemptId: number },
 *   reload: Step[], username: string, password: string, attemptId: number, pinCode: string }>}
 */
export async function recordStart({ base }) {
  const post = async (path, body) =>
    (
      await fetch(`${base}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json();
  const openedAt = new Date(Date.now() + 20_000);
  const olympiad = await post("/api/test-support/olympiads", {
    bankPerDifficulty: 12,
    counts: { easy: 10, medium: 10, hard: 10 },
    pinCode: PIN,
    openedAt: openedAt.toISOString(),
  });
  const pupil = await post("/api/test-support/pupils", { subjectId: olympiad.subjectId });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const recorder = watch(page);
    const { inFlight } = recorder;

    await page.goto(`${base}/login`);
    await page.getByLabel("Login").fill(pupil.username);
    await page.getByLabel("Parol").fill(pupil.password);
    recorder.steps = [];
    await page.getByRole("button", { name: "Kirish" }).click();
    await page.getByText("Test ochilishiga qoldi:").waitFor({ timeout: 30_000 });
    await settled(page, inFlight);
    const signIn = recorder.steps;

    // The countdown reaches zero: from here on is the opening. The button shows at once; the
    // page's one check of the allowance comes within ZERO_SPREAD_MS, and is recorded on its own.
    await page.waitForTimeout(Math.max(0, openedAt.getTime() - Date.now() - 500));
    const before = recorder.steps;
    recorder.steps = [];
    await page.getByRole("button", { name: "Testni boshlash" }).click({ timeout: 30_000 });
    await page.getByLabel("Pin kod", { exact: true }).fill(PIN);
    await page.getByRole("button", { name: "Boshlash" }).click();
    await page.getByRole("radio").first().waitFor({ timeout: 30_000 });
    await settled(page, inFlight);
    const isRecheck = (step) => step.path.startsWith("/api/TestAttempts/AllowTestAttempt");
    if (![...before, ...recorder.steps].some(isRecheck)) {
      await page.waitForRequest(/\/api\/TestAttempts\/AllowTestAttempt/, { timeout: ZERO_SPREAD_MS + 5_000 });
      await settled(page, inFlight);
    }
    const atZero = [...before, ...recorder.steps].filter(isRecheck);
    const start = recorder.steps.filter((step) => !isRecheck(step));
    recorder.steps = null;
    const attemptId = Number(new URL(page.url()).pathname.split("/").pop());

    // A second pupil, signed in before, comes by the pages after the opening (a reload, the link
    // the teacher wrote on the board): phase "byPages", from opening the start page to the first question.
    const other = await post("/api/test-support/pupils", { subjectId: olympiad.subjectId });
    const second = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await second.goto(`${base}/login`);
    await second.getByLabel("Login").fill(other.username);
    await second.getByLabel("Parol").fill(other.password);
    await second.getByRole("button", { name: "Kirish" }).click();
    await second.getByRole("button", { name: "Testni boshlash" }).waitFor({ timeout: 30_000 });
    const pagesRecorder = watch(second);
    pagesRecorder.steps = [];
    await second.goto(`${base}/test-attempt`);
    await second.getByRole("button", { name: "Testni boshlash" }).click({ timeout: 30_000 });
    await second.getByLabel("Pin kod", { exact: true }).fill(PIN);
    await second.getByRole("button", { name: "Boshlash" }).click();
    await second.getByRole("radio").first().waitFor({ timeout: 30_000 });
    // The start page keeps the offline shell (one copy for every pupil, from the front door's
    // memory) once: the first start page this browser opened did, so the step is not here; it is
    // replayed all the same, as a pupil whose device comes with nothing kept asks it.
    if (!pagesRecorder.steps.some((step) => step.path.startsWith("/offline-shell"))) {
      pagesRecorder.steps.unshift({ method: "GET", path: "/offline-shell", headers: {}, body: undefined });
    }
    await settled(second, pagesRecorder.inFlight);
    const pages = {
      steps: pagesRecorder.steps,
      username: other.username,
      attemptId: Number(new URL(second.url()).pathname.split("/").pop()),
    };
    // The attempt page reloaded mid-test (phase "reload", of the second pupil's attempt): until
    // its first question is on screen again and nothing is in flight.
    pagesRecorder.steps = [];
    await second.reload();
    await second.getByRole("radio").first().waitFor({ timeout: 30_000 });
    await settled(second, pagesRecorder.inFlight);
    const reload = pagesRecorder.steps;
    pagesRecorder.steps = null;
    return { signIn, atZero, start, pages, reload, username: pupil.username, password: pupil.password, attemptId, pinCode: PIN };
  } finally {
    await browser.close();
  }
}

// The pupils of an opening, simulated: what `npm run ops:rehearsal` (against a deployment) and
// `npm run bench:opening` (against a build on this machine) both make them do. A pupil is a
// patient browser: it keeps its cookies (the session, the queue's ticket) and tries again after
// network errors, 5xx and 429, as the pages and the outbox do. Checked in before the opening, it
// fetches its paper sealed at a random moment (never in the quiet seconds before the opening), and
// opens it with New's key; then it answers, thinking between answers, and finishes.
import { createDecipheriv } from "node:crypto";
import { performance } from "node:perf_hooks";

/** How long a pupil keeps trying one step before it gives up (then it has failed). */
export const STEP_MS = 120_000;
/** No sealed paper is fetched in the 10 s before the opening (components/attempts/sealed-paper.ts). */
export const QUIET_MS = 10_000;
/** A checked-in page fetches its sealed paper at a random moment within 5 minutes. */
const SEALING_SPREAD_MS = 300_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The value at quantile `q` of `values`, sorted ascending (NaN for none). */
export const percentile = (values, q) => values[Math.min(values.length - 1, Math.floor(values.length * q))] ?? Number.NaN;

/** Whether pupil `k` comes by the pages (`share` of them, spread evenly over the arrivals) rather than from the countdown. */
export const comesByPages = (k, share) => Math.floor((k + 1) * share) > Math.floor(k * share);

/** A request's kind in the figures: "POST TestAttempts/New", "page /test-attempt/{id}", "RSC /test-attempt". */
export function kindOf(method, path, headers = {}) {
  const { pathname } = new URL(path, "http://x");
  const shown = pathname.replace(/\/\d+/g, "/{id}");
  if (headers.rsc) return `RSC ${shown}`;
  return pathname.startsWith("/api/") ? `${method} ${shown.slice(5)}` : `page ${shown}`;
}

/**
 * A pupil's browser at `base`: `call(path, options)` answers `{ status, text, headers }` (status 0:
 * no answer at all), trying again after network errors, 5xx and 429 for up to `stepMs`, after the
 * server's Retry-After when it sent one (unless `ignoreRetryAfter`), else a back-off from 0.5 s
 * doubling to 8 s, ±50 % (shared/http/client.ts busyWait, the busy page's refresh). `headers` go
 * with every request (the pupil's address behind a proxy, what it accepts). `onTry(kind, ms,
 * status)` hears every try ("network" for no answer); `onWaited(kind, told, had)` hears, for a
 * request refused and then served, the wait in seconds the queue told at its first refusal and the
 * wait it had.
 * @param {{ base: string, headers?: Record<string, string>, redirect?: RequestRedirect, stepMs?: number, ignoreRetryAfter?: boolean,
 *   onTry?: (kind: string, ms: number, status: number | "network") => void, onWaited?: (kind: string, told: number, had: number) => void }} options
 */
export function pupilBrowser({ base, headers = {}, redirect = "follow", stepMs = STEP_MS, ignoreRetryAfter = false, onTry, onWaited }) {
  const jar = new Map();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
  };

  /** `body` is sent as JSON; `raw`, as it is (a recorded request's). @param {string} path @param {{ method?: string, body?: unknown, raw?: string, headers?: Record<string, string>, kind?: string }} [options] */
  async function call(path, { method = "GET", body, raw, headers: own = {}, kind = kindOf(method, path, own) } = {}) {
    const began = performance.now();
    let told = null; // [the wait told in s, when]
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let retryAfter = 0;
      let answer = { status: 0, text: "", headers: new Headers() };
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          redirect,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            ...(jar.size > 0 ? { Cookie: cookie() } : {}),
            ...own,
          },
          body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
          signal: AbortSignal.timeout(60_000),
        });
        keep(response);
        answer = { status: response.status, text: await response.text(), headers: response.headers };
        onTry?.(kind, performance.now() - started, answer.status);
        if (answer.status < 500 && answer.status !== 429) {
          if (told) onWaited?.(kind, told[0], (performance.now() - told[1]) / 1000);
          return answer;
        }
        if (answer.status === 503 && !told) {
          const json = /"waitSeconds":(\d+)/.exec(answer.text);
          const page = /o'rningiz: \d+\. Taxminan (\d+) (soniya|daqiqa)/.exec(answer.text);
          const waitSeconds = json ? Number(json[1]) : page ? Number(page[1]) * (page[2] === "daqiqa" ? 60 : 1) : null;
          if (waitSeconds !== null) told = [waitSeconds, performance.now()];
        }
        retryAfter = ignoreRetryAfter ? 0 : Number(response.headers.get("retry-after")) || 0;
      } catch {
        onTry?.(kind, performance.now() - started, "network");
      }
      if (performance.now() - began > stepMs) return answer;
      await sleep(retryAfter ? retryAfter * 1000 + Math.random() * 1000 : Math.min(8_000, 500 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }

  return {
    call,
    /** The cookies, as the browser sends them (for a stream opened by hand). */
    cookie,
    signedIn: () => [...jar.keys()].some((name) => name.endsWith("session-token")),
  };
}

/** The answer's JSON when it is a 200, else null. */
export const json = (answer) => (answer.status === 200 ? JSON.parse(answer.text) : null);

/**
 * A checked-in pupil's paper, sealed, as its page fetches it: at a random moment within 5 minutes
 * and before the quiet seconds before the `opening`; null if that time has passed or none came.
 */
export async function sealedPaper(browser, opening) {
  const left = opening - QUIET_MS - Date.now();
  if (left <= 0) return null;
  await sleep(Math.random() * Math.min(SEALING_SPREAD_MS, left));
  return json(await browser.call("/api/TestAttempts/Paper"));
}

/** The attempt as the page builds it from its sealed paper and New's `paper` (the key), or null (then the page asks Get). */
export function openSealed({ iv, data }, { key, testAttemptQuestionIds }) {
  try {
    const bytes = Buffer.from(data, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key, "base64url"), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(bytes.subarray(-16));
    const content = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString("utf8"));
    return { questions: content.questions.map((q, i) => ({ ...q, testAttemptQuestionId: testAttemptQuestionIds[i] })) };
  } catch {
    return null;
  }
}

/**
 * The pupil on their attempt: `answers` answers (the paper's questions in turn, a choice at random),
 * each after `think()` ms, then Finish. `acknowledged(question, answer)` hears each answer the server
 * took. Finish's answer.
 */
export async function answerAndFinish(browser, { attemptId, questions, answers, think, acknowledged }) {
  for (let i = 0; i < answers; i++) {
    await sleep(think());
    const q = questions[i % questions.length];
    const answerId = q.questionChoices[Math.floor(Math.random() * q.questionChoices.length)].questionChoiceId;
    const saved = await browser.call("/api/TestAttempts/Answer", {
      method: "POST",
      body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId },
    });
    if (saved.status === 200) acknowledged(q.testAttemptQuestionId, answerId);
  }
  return browser.call("/api/TestAttempts/Finish", { method: "POST", body: { attemptId, isEndedByUser: true } });
}

// No input is a 500. Every route under app/api, with every method it serves, as every
// kind of caller, gets NUL bytes, lone surrogates, stray %-sequences, 10 MB, deep nesting and
// arrays for scalars, in its path, query and body; so do the pages that take a path parameter.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { TEST_ENV } from "../support/test-env";

// Each caller is a test of its own (they run on both workers), and each sends a few requests at
// a time: one test of 10 600 requests in a row ran past its limit on a loaded machine.
test.setTimeout(180_000);
const AT_ONCE = 6;

type Route = { path: string; methods: string[] };

function routes(dir = path.resolve("app/api")): Route[] {
  const found: Route[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...routes(full));
    else if (entry === "route.ts") {
      const source = readFileSync(full, "utf8");
      const methods = new Set<string>();
      for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(m[1]);
      for (const m of source.matchAll(/\bas (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(m[1]);
      for (const m of source.matchAll(/export (?:async )?function (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(m[1]);
      const route = `/${path.relative(path.resolve("."), path.dirname(full)).split(path.sep).slice(1).join("/")}`;
      found.push({ path: route, methods: [...methods] });
    }
  }
  return found;
}

/** Every field name a schema of ours reads, so that each one meets the hostile values. */
const FIELDS = [
  "username",
  "password",
  "guid",
  "regionId",
  "districtId",
  "organizationId",
  "grade",
  "subjectId",
  "firstName",
  "lastName",
  "middleName",
  "birthDate",
  "phoneNumber",
  "pinCode",
  "language",
  "attemptId",
  "testId",
  "isEndedByUser",
  "testAttemptQuestionId",
  "answerId",
  "blocked",
  "openedAt",
  "closedAt",
  "durationMinutes",
  "easyCount",
  "mediumCount",
  "hardCount",
  "easyPoints",
  "mediumPoints",
  "hardPoints",
  "reviewPolicy",
  "readingTexts",
  "questions",
  "amountSom",
  "names",
  "subject",
  "paid",
  "extraMinutes",
  "counts",
  "bankPerDifficulty",
  "id",
  "method",
  "params",
  "jsonrpc",
  "kind",
  "text",
  "questionId",
  "appealId",
  "outcome",
  "choiceId",
  "voidAwards",
  "reason",
  "reasonRu",
  "appealsCloseAt",
  "expectedTopHash",
];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const HOSTILE_VALUES: unknown[] = [
  "a\u0000b",
  "\uD800",
  "%00%",
  "%",
  "\u0007\u001b[31m",
  ["1"],
  [[[]]],
  { nested: { deep: 1 } },
  1e308,
  -1,
  // Past a PostgreSQL integer: an id this large is refused by its schema (422), never a 500.
  2_147_483_648,
  "",
];
const DEEP = "[".repeat(100_000) + "]".repeat(100_000);
const TEN_MB = JSON.stringify({ username: "x".repeat(10 * 1024 * 1024) });

const QUERIES = [
  "?id=%00&username=abc%00def&guid=%00&attemptId=%00&testAttemptId=%00&districtId=%00",
  "?username=%ED%A0%80&id=%ED%A0%80",
  "?username=%25&id=%25&guid=%",
  "?id=1e999&attemptId=-1&districtId=99999999999999999999",
  "?id=2147483648&attemptId=2147483648&districtId=2147483648&organizationId=2147483648&testId=2147483648&regionId=2147483648",
  "?id=1&id=2&username[]=a",
];

/** Routes whose answer is a stream that stays open (Server-Sent Events). */
const LONG_LIVED = new Set(["/api/TestAttempts/Events"]);

const PARAM_VALUES = ["%00", "%25", "%ED%A0%80", "1e999", "-1", "2147483648", "x".repeat(300)];

function concrete(route: string, value: string): string {
  return route.replace(/\[\.\.\.[^\]]+\]/g, value).replace(/\[[^\]]+\]/g, value);
}

const PAGES = [
  "/cert/%00",
  "/cert/%25",
  "/cert/%ED%A0%80",
  "/register/%00",
  "/register/%25",
  "/test-attempt/%00",
  "/test-attempt/%25",
  "/login?returnUrl=%00",
  "/login?returnUrl=%",
];

type Caller = { name: string; context: APIRequestContext; headers: Record<string, string> };

/** A pupil with a started attempt, signed in (so Get, Answer and Finish meet a real attempt). */
async function pupilCaller(request: APIRequestContext): Promise<Caller> {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const context = await signedIn(pupil);
  await context.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
  return { name: "pupil", context, headers: {} };
}

/**
 * An organiser of the sweep's own: its Logout ends every session of the caller, and the seeded
 * organiser's sessions belong to the journeys running beside it (one was signed out mid-way).
 */
async function organiserCaller(): Promise<Caller> {
  const admin = await signedIn(ORGANISER);
  const username = `sweep${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await admin.post("/api/admin/organisers", {
    data: { username, firstName: "Sinov", lastName: "Tekshiruvchi", reason: "hostile sweep" },
  });
  expect(created.status()).toBe(200);
  const { password } = await created.json();
  await admin.dispose();
  return { name: "organiser", context: await signedIn({ username, password }), headers: {} };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const CALLERS: Record<string, (request: APIRequestContext) => Promise<Caller>> = {
  anonymous: async () => ({ name: "anonymous", context: await anonymous(), headers: {} }),
  pupil: pupilCaller,
  organiser: organiserCaller,
  bot: async () => ({ name: "bot", context: await anonymous(), headers: bearer(TEST_ENV.BOT_API_TOKEN) }),
  testSupport: async () => ({ name: "testSupport", context: await anonymous(), headers: bearer(TEST_ENV.TEST_SUPPORT_TOKEN) }),
  payme: async () => ({
    name: "payme",
    context: await anonymous(),
    headers: { Authorization: `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}` },
  }),
};

/** Counts statuses; any 5xx is a failure named by what was sent. */
function tally() {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let sent = 0;
  return {
    failures,
    get sent() {
      return sent;
    },
    /** `open`: a stream that answered and stayed open (an attempt page's events) counts as 200. */
    async check(what: string, call: Promise<{ status(): number }>, { open = false } = {}) {
      const status = await call.then(
        (response) => response.status(),
        (error: unknown) => {
          if (open && error instanceof Error && /Timeout/i.test(error.message)) return 200;
          throw error;
        },
      );
      sent += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${status} ${what}`);
    },
    summary: () =>
      [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} × ${n}`)
        .join(", "),
  };
}

/** Runs the calls `AT_ONCE` at a time. */
async function pooled(calls: (() => Promise<void>)[]) {
  let next = 0;
  const worker = async () => {
    while (next < calls.length) await calls[next++]();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

for (const [index, name] of Object.keys(CALLERS).entries()) {
  test(`no input is a 500: every endpoint and method as ${name}, every hostile value`, async ({ request }) => {
    const caller = await CALLERS[name](request);
    const t = tally();
    // Logout ends the caller's sessions: it goes last, after every other route met them signed in.
    const all = routes();
    expect(all.length).toBeGreaterThan(30);
    const callsOf = (route: Route) => {
      const calls: (() => Promise<void>)[] = [];
      const paths = route.path.includes("[") ? PARAM_VALUES.map((v) => concrete(route.path, v)) : [route.path];
      for (const method of route.methods) {
        const send = (url: string, data?: string, extra: Record<string, string> = {}) =>
          caller.context.fetch(url, {
            method,
            headers: {
              "Content-Type": "application/json",
              "X-Forwarded-For": `10.90.${index}.${t.sent % 250}`,
              ...caller.headers,
              ...extra,
            },
            ...(data !== undefined && method !== "GET" ? { data } : {}),
            maxRedirects: 0,
            // A stream that answers stays open for minutes: its answer is what it said in 3 s.
            ...(LONG_LIVED.has(route.path) ? { timeout: 3_000 } : {}),
          });
        const label = (url: string, body: string) => `${method} ${url} as ${name}: ${body.slice(0, 60)}`;
        const call = (url: string, body: string, data?: string, extra?: Record<string, string>) =>
          calls.push(() => t.check(label(url, body), send(url, data, extra), { open: LONG_LIVED.has(route.path) }));
        for (const [i, url] of paths.entries()) {
          // Only GET routes read a query string; the others get one hostile query for good measure.
          for (const query of method === "GET" ? QUERIES : QUERIES.slice(0, 1)) call(url + query, "");
          if (method === "GET") continue;
          for (const value of HOSTILE_VALUES) {
            const body = JSON.stringify(every(value));
            call(url, body, body);
          }
          // The body limit is read before the path's parameters: once per route is enough.
          if (name === "anonymous" && i === 0) {
            call(url, "deep", DEEP);
            call(url, "10 MB", TEN_MB);
          }
          call(url, "not JSON", "{\u0000", { "Content-Type": "text/plain" });
          call(url, "form", "click_trans_id=%00&merchant_trans_id=%ED%A0%80&amount=%", {
            "Content-Type": "application/x-www-form-urlencoded",
          });
        }
      }
      return calls;
    };
    const isLogout = (route: Route) => route.path.endsWith("/Logout");
    await pooled(all.filter((route) => !isLogout(route)).flatMap(callsOf));
    await pooled(all.filter(isLogout).flatMap(callsOf));
    console.log(`hostile sweep as ${name}: ${t.sent} requests over ${all.length} routes: ${t.summary()}`);
    expect(t.failures).toEqual([]);
    await caller.context.dispose();
  });
}

test("no input is a 500: pages with a path parameter and the certificate's preview image", async () => {
  const t = tally();
  const browser = await anonymous();
  for (const page of PAGES) await t.check(`GET ${page}`, browser.get(page, { maxRedirects: 0 }));
  // The certificate's preview image (the address /cert's OpenGraph tags give it), with a name that
  // is decoded more than once.
  const image = "/cert/nobody1/preview?v=none";
  for (const value of ["%25", "%00", "%ED%A0%80", "%2525"]) {
    const url = image.replace("nobody1", value);
    await t.check(`GET ${url}`, browser.get(url));
    await t.check(`GET ${url}`, browser.get(url.replace(/v=[^&]*/, `v=${value}`)));
  }
  console.log(`hostile sweep of pages: ${t.sent} requests: ${t.summary()}`);
  expect(t.failures).toEqual([]);
  await browser.dispose();
});

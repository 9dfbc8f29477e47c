// No input is a 500. Every route under app/api, with every method it serves, as every
// kind of caller, gets NUL bytes, lone surrogates, stray %-sequences, 10 MB, deep nesting and
// arrays for scalars, in its path, query and body; so do the pages that take a path parameter.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { API_ROUTES, DIRECT_ROUTE_METHODS, fixedRoute } from "../../lib/api/routes.mjs";
import { baseURL } from "../../playwright.config";
import { routerStateOf } from "../../server/next-router-state.mjs";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, registerOverHttp, signedIn } from "../support/http";
import { TEST_ENV, TEST_LOG_FILE } from "../support/test-env";

// Each caller is a test of its own (they run on both workers), and each sends a few requests at
// a time: one test of 10 600 requests in a row ran past its limit on a loaded machine.
test.setTimeout(180_000);
const AT_ONCE = 6;

type Route = { path: string; methods: readonly string[] };

/** Every API route with its methods, as the routes table declares them (a unit test keeps it equal to app/api). */
const ROUTES: Route[] = Object.entries(API_ROUTES).map(([address, route]) => ({ path: address, methods: route.methods }));

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
const LONG_LIVED = new Set(ROUTES.filter((route) => fixedRoute(route.path)?.stream).map((route) => route.path));

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
    const all = ROUTES;
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

// Each of these once answered 500; each is a clear 4xx in the caller's language.
test.describe("what once answered 500 is a clear 4xx", () => {
  type Raw = { status: number; type: string; body: string; requestId: string };
  /** A request as a script sends it: a Host of its own (fetch and Playwright send their URL's). */
  const raw = (method: string, target: string, headers: Record<string, string>): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(baseURL);
      const sent = httpRequest({ hostname, port, method, path: target, headers: { "Accept-Language": "ru", ...headers } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers["content-type"]),
            body,
            requestId: String(response.headers["x-request-id"]),
          }),
        );
      });
      sent.on("error", reject);
      sent.end();
    });
  const BAD_REQUEST = { code: null, message: "Запрос составлен неверно.", validationErrors: {} };
  /** Only each request's own line in the log: no error, no stack, no statement. */
  const onlyRequestLines = async (ids: string[]) => {
    const ours = () =>
      readFileSync(TEST_LOG_FILE, "utf8")
        .split("\n")
        .filter((line) => ids.some((id) => line.includes(`"requestId":"${id}"`)))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    await expect.poll(() => ours().length).toBeGreaterThanOrEqual(ids.length);
    expect(ours()).toEqual(ids.map(() => "request"));
  };

  test("a Host that looks like an address and is none (256.0.0.1, 09, xn--a, [1.2.3.4]): the API's JSON 400 on every direct path and Next's", async () => {
    const ids: string[] = [];
    // The direct lane's calls as the routes table names them, and two of Next's.
    const paths = Object.entries(DIRECT_ROUTE_METHODS).flatMap(([route, methods]) => methods.map((method) => [method, route]));
    expect(paths.length).toBeGreaterThanOrEqual(13);
    paths.push(["GET", "/api/Regions/GetAll"], ["GET", "/login"]);
    for (const host of ["256.0.0.1", "09", "xn--a", "[1.2.3.4]", "256.0.0.1:3000"]) {
      for (const [method, target] of paths) {
        const answered = await raw(method, target, { Host: host });
        const what = `${method} ${target} (Host ${host})`;
        expect(answered.status, what).toBe(400);
        expect(answered.type, what).toContain("application/json");
        expect(JSON.parse(answered.body), what).toEqual(BAD_REQUEST);
        ids.push(answered.requestId);
      }
    }
    // The site's own address still answers.
    expect((await raw("GET", "/api/health", { Host: new URL(baseURL).host })).status).toBe(200);
    await onlyRequestLines(ids);
  });

  test("a page's router state that Next cannot read (RSC: 1), anonymously: 400 before Next, no stack; Next's own state still answers", async () => {
    const ids: string[] = [];
    for (const page of ["/login", "/register", "/cert/nobody1", "/lists/nothing", "/"]) {
      for (const state of ["garbage", "%7B", "[1]", "null", "%E0%A4%A", encodeURIComponent(JSON.stringify(["", {}, 3]))]) {
        const answered = await raw("GET", page, { Host: new URL(baseURL).host, RSC: "1", "Next-Router-State-Tree": state });
        const what = `${page} with ${state}`;
        expect(answered.status, what).toBe(400);
        expect(JSON.parse(answered.body), what).toEqual(BAD_REQUEST);
        ids.push(answered.requestId);
      }
    }
    await onlyRequestLines(ids);
    const navigation = await raw("GET", "/login", {
      Host: new URL(baseURL).host,
      RSC: "1",
      "Next-Router-State-Tree": routerStateOf("/"),
    });
    expect(navigation.status).toBe(200);
    expect(navigation.type).toContain("text/x-component");
  });

  test("a NUL in the console's searches: the pages answer, the API's 422, no failed statement", async () => {
    const organiser = await signedIn(ORGANISER);
    const headers = { "Accept-Language": "ru" };
    for (const page of ["/admin/pupils", "/admin/registrations", "/admin/results"]) {
      for (const q of ["%00", "a%00b", "%01"])
        expect((await organiser.get(`${page}?q=${q}`, { headers })).status(), `${page}?q=${q}`).toBe(200);
    }
    for (const call of ["/api/admin/pupils", "/api/admin/registrations"]) {
      const refused = await organiser.get(`${call}?q=a%00b`, { headers });
      expect(refused.status(), call).toBe(422);
      expect(await refused.json()).toEqual({
        code: null,
        message: "Введённые данные содержат ошибки.",
        validationErrors: { q: ["Invalid"] },
      });
    }
    await organiser.dispose();
  });

  test("a typed day that is none (month 13, day 00) or before Tashkent kept +05:00: the test's settings, the payments register and its export", async ({
    request,
  }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const organiser = await signedIn(ORGANISER);
    const headers = { "Accept-Language": "ru" };
    const settings = {
      openedAt: "2026-12-02T05:00:00.000Z",
      closedAt: "2026-12-09T05:00:00.000Z",
      pinCode: "1234",
      reason: "checking a typed date",
    };
    const put = (data: Record<string, unknown>) => organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data, headers });
    const invalid = (validationErrors: Record<string, string[]>) => ({
      code: null,
      message: "Введённые данные содержат ошибки.",
      validationErrors,
    });
    for (const day of ["20.13.2026", "00.01.2026", "01.06.1985", "01.01.1900"]) {
      const refused = await put({ ...settings, certificateDate: day });
      expect(refused.status(), day).toBe(422);
      expect(await refused.json()).toEqual(invalid({ certificateDate: ["Invalid"] }));

      const page = await organiser.get(`/admin/payments?day=${day}`, { headers });
      expect(page.status(), day).toBe(200);
      expect(await page.text()).toContain("Введите день в виде дд.мм.гггг");
      const exported = await organiser.get(`/api/admin/payments/export?day=${day}`, { headers });
      expect(exported.status(), day).toBe(422);
      expect(await exported.json()).toEqual(invalid({ day: ["Invalid"] }));
    }
    const before = await put({ ...settings, openedAt: "1900-12-02T05:00:00.000Z" });
    expect(before.status()).toBe(422);
    expect(await before.json()).toEqual(invalid({ openedAt: ["Range"] }));
    await organiser.dispose();
  });

  test("the sandbox's Payme and Click: an order that does not exist is 404, another amount than the fee 422", async ({ request }) => {
    const guid = await registerOverHttp(request);
    const confirm = (data: Record<string, unknown>) =>
      request.post("/api/payments/sandbox/confirm", { data, headers: { "Accept-Language": "ru" } });
    for (const provider of ["payme", "click"]) {
      const unknown = await confirm({ guid: randomUUID(), amountSom: 75_000, provider });
      expect(unknown.status(), provider).toBe(404);
      expect(await unknown.json()).toEqual({ code: null, message: "Запрошенные данные не найдены на сервере.", validationErrors: {} });
      const wrong = await confirm({ guid, amountSom: 100, provider });
      expect(wrong.status(), provider).toBe(422);
      expect((await wrong.json()).validationErrors).toEqual({ amountSom: ["Invalid"] });
    }
    // Nothing was taken: the fee still pays it.
    expect((await confirm({ guid, amountSom: 75_000, provider: "click" })).status()).toBe(200);
  });
});

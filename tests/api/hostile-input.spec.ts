// DESIGN §12: no input is a 500. Every route under app/api, with every method it serves, as every
// kind of caller, gets NUL bytes, lone surrogates, stray %-sequences, 10 MB, deep nesting and
// arrays for scalars, in its path, query and body; so do the pages that take a path parameter.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { TEST_ENV } from "../support/test-env";

test.setTimeout(240_000);

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
  "",
];
const DEEP = "[".repeat(100_000) + "]".repeat(100_000);
const TEN_MB = JSON.stringify({ username: "x".repeat(10 * 1024 * 1024) });

const QUERIES = [
  "?id=%00&username=abc%00def&guid=%00&attemptId=%00&testAttemptId=%00&districtId=%00",
  "?username=%ED%A0%80&id=%ED%A0%80",
  "?username=%25&id=%25&guid=%",
  "?id=1e999&attemptId=-1&districtId=99999999999999999999",
  "?id=1&id=2&username[]=a",
];

const PARAM_VALUES = ["%00", "%25", "%ED%A0%80", "1e999", "-1", "x".repeat(300)];

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

test("no input is a 500: every endpoint and method, every caller, every hostile value", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const pupilSession = await signedIn(pupil);
  await pupilSession.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
  // An organiser of the sweep's own: its Logout ends every session of the caller, and the seeded
  // organiser's sessions belong to the journeys running beside it (one was signed out mid-way).
  const admin = await signedIn(ORGANISER);
  const username = `sweep${Date.now().toString(36)}`;
  const created = await admin.post("/api/admin/organisers", { data: { username, firstName: "Sinov", lastName: "Tekshiruvchi" } });
  expect(created.status()).toBe(200);
  const organiserSession = await signedIn({ username, password: (await created.json()).password });
  await admin.dispose();
  const callers: { name: string; context: APIRequestContext; headers: Record<string, string> }[] = [
    { name: "anonymous", context: await anonymous(), headers: {} },
    { name: "pupil", context: pupilSession, headers: {} },
    { name: "organiser", context: organiserSession, headers: {} },
    { name: "bot", context: await anonymous(), headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } },
    { name: "testSupport", context: await anonymous(), headers: { Authorization: `Bearer ${TEST_ENV.TEST_SUPPORT_TOKEN}` } },
    {
      name: "payme",
      context: await anonymous(),
      headers: { Authorization: `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}` },
    },
  ];

  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let sent = 0;
  const check = async (what: string, call: Promise<{ status(): number }>) => {
    const status = (await call).status();
    sent += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500) failures.push(`${status} ${what}`);
  };

  // Logout ends the callers' sessions: it goes last, so every other route meets them signed in.
  const all = routes().sort((a, b) => Number(a.path.endsWith("/Logout")) - Number(b.path.endsWith("/Logout")));
  expect(all.length).toBeGreaterThan(30);
  for (const route of all) {
    const paths = route.path.includes("[") ? PARAM_VALUES.map((v) => concrete(route.path, v)) : [route.path];
    for (const method of route.methods) {
      for (const caller of callers) {
        const send = (url: string, data?: string, extra: Record<string, string> = {}) =>
          caller.context.fetch(url, {
            method,
            headers: {
              "Content-Type": "application/json",
              "X-Forwarded-For": `10.90.${callers.indexOf(caller)}.${sent % 250}`,
              ...caller.headers,
              ...extra,
            },
            ...(data !== undefined && method !== "GET" ? { data } : {}),
            maxRedirects: 0,
          });
        const label = (url: string, body: string) => `${method} ${url} as ${caller.name}: ${body.slice(0, 60)}`;
        for (const url of paths) {
          // Only GET routes read a query string; the others get one hostile query for good measure.
          for (const query of method === "GET" ? QUERIES : QUERIES.slice(0, 1)) await check(label(url + query, ""), send(url + query));
          if (method === "GET") continue;
          for (const value of HOSTILE_VALUES) {
            const body = JSON.stringify(every(value));
            await check(label(url, body), send(url, body));
          }
          if (caller.name === "anonymous") {
            await check(label(url, "deep"), send(url, DEEP));
            await check(label(url, "10 MB"), send(url, TEN_MB));
          }
          await check(label(url, "not JSON"), send(url, "{\u0000", { "Content-Type": "text/plain" }));
          await check(
            label(url, "form"),
            send(url, "click_trans_id=%00&merchant_trans_id=%ED%A0%80&amount=%", { "Content-Type": "application/x-www-form-urlencoded" }),
          );
        }
      }
    }
  }

  const browser = await anonymous();
  for (const page of PAGES) await check(`GET ${page}`, browser.get(page, { maxRedirects: 0 }));
  // The certificate's preview image, with a name that is decoded more than once.
  const html = await (await browser.get("/cert/nobody1")).text();
  const image = /<meta property="og:image" content="[^"]*?(\/cert\/nobody1\/opengraph-image[^"?]*)/.exec(html)?.[1];
  expect(image).toBeTruthy();
  for (const value of ["%25", "%00", "%ED%A0%80", "%2525"]) await check(`GET ${image}`, browser.get(image!.replace("nobody1", value)));

  const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`);
  console.log(`hostile sweep: ${sent} requests over ${all.length} routes: ${counts.join(", ")}`);
  expect(failures).toEqual([]);
  await Promise.all(callers.map((c) => c.context.dispose()));
});

// The opening's calls, handed by the front door straight to their route handlers
// (server/api-routes.mjs): what Next's own handling gave them still holds.

import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { TEST_ENV, TEST_LOG_FILE } from "../support/test-env";

/** The answers this server counted by lane (lib/metrics.mjs's olimpiada_api_answers_total). */
async function lanes(): Promise<{ direct: number; next: number }> {
  const text = await (await fetch(`${baseURL}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } })).text();
  const count = (lane: string) => Number(new RegExp(`^olimpiada_api_answers_total\\{lane="${lane}"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
  return { direct: count("direct"), next: count("next") };
}

/** A pupil of a small olympiad open now, signed in by the direct lane: the session's cookie. */
async function signedInPupil(request: APIRequestContext): Promise<string> {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const login = await fetch(`${baseURL}/api/Identity/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: pupil.username, password: pupil.password }),
  });
  return login.headers
    .getSetCookie()
    .find((c) => c.includes("session-token="))!
    .split(";")[0];
}

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request as a script could send it: any method, target and Host. */
function raw(method: string, target: string, host: string): Promise<Raw> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ hostname, port, method, path: target, headers: { Host: host, "Accept-Language": "ru" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

test("the opening's calls answered by the front door: the same contract, a large answer compressed, the session's cookie, other casings", async ({
  request,
}) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 10, medium: 10, hard: 10 }, bankPerDifficulty: 10, pinCode: "2468" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const call = (path: string, init: RequestInit = {}) => fetch(`${baseURL}${path}`, init);

  // The sign-in sets the session's cookie (and the body is the spec's).
  const login = await call("/api/Identity/Login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: pupil.username, password: pupil.password }),
  });
  expect(login.status).toBe(200);
  const session = login.headers.getSetCookie().find((cookie) => cookie.includes("session-token="));
  expect(session).toMatch(/HttpOnly/i);
  const cookie = session!.split(";")[0];

  const made = await call("/api/TestAttempts/New", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ language: 0, pinCode: "2468" }),
  });
  expect(made.status).toBe(200);
  const { attemptId } = await made.json();

  // Thirty questions: compressed for a browser that takes brotli or gzip, whole for one that takes neither.
  for (const [accepted, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["identity", null],
  ] as const) {
    const got = await call(`/api/TestAttempts/Get?id=${attemptId}`, { headers: { Cookie: cookie, "Accept-Encoding": accepted } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-encoding")).toBe(encoding);
    expect((await got.json()).questions).toHaveLength(30);
  }
  // A small answer goes as it is; the API's headers are on it.
  const clock = await call(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`, {
    headers: { Cookie: cookie, "Accept-Encoding": "br" },
  });
  expect(clock.headers.get("content-encoding")).toBeNull();
  expect(clock.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(clock.headers.get("x-content-type-options")).toBe("nosniff");
  expect((await clock.json()).remainingTime).toBeGreaterThan(0);

  // Another casing of the same call is answered the same (through Next, which rewrites it).
  const lower = await call(`/api/testattempts/getremainingtime?attemptId=${attemptId}`, { headers: { Cookie: cookie } });
  expect(lower.status).toBe(200);
  expect(Object.keys(await lower.json())).toEqual(
    Object.keys(await (await call(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`, { headers: { Cookie: cookie } })).json()),
  );

  // A body that is no JSON, and another site's form: refused as before.
  const garbled = await call("/api/TestAttempts/Answer", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: "{not json",
  });
  expect(garbled.status).toBe(422);
  const forged = await call("/api/TestAttempts/Finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: "https://evil.example" },
    body: JSON.stringify({ attemptId, isEndedByUser: true }),
  });
  expect(forged.status).toBe(403);
  // A method the route does not have: Next's answer, as before.
  expect((await call("/api/TestAttempts/Answer", { method: "DELETE", headers: { Cookie: cookie } })).status).toBe(405);
});

test("the listed calls are served by the direct lane; another casing by Next's", async ({ request }) => {
  const cookie = await signedInPupil(request);
  const before = await lanes();
  for (let i = 0; i < 5; i++) {
    expect((await fetch(`${baseURL}/api/TestAttempts/IsThereAttempt`, { headers: { Cookie: cookie } })).status).toBe(200);
  }
  const after = await lanes();
  // Other suites' calls run meanwhile: at least these five went by the direct lane.
  expect(after.direct - before.direct).toBeGreaterThanOrEqual(5);
  expect((await fetch(`${baseURL}/api/testattempts/isthereattempt`, { headers: { Cookie: cookie } })).status).toBe(200);
  // The lower-case call, and the scrape itself, went through Next.
  expect((await lanes()).next).toBeGreaterThanOrEqual(after.next + 2);
});

test("a Host that is no address, a target that is no path or a method no route has: a JSON 400 or 405 with the API's headers on both lanes, and no error logged", async () => {
  const since = Date.now() - 1_000;
  const cases: [string, string, string, number][] = [];
  for (const path of ["/api/health", "/api/TestAttempts/Answer", "/api/Regions/GetAll", "/login"]) {
    for (const host of ["x:99999", "a b", "["]) cases.push(["GET", path, host, 400]);
    cases.push(["TRACE", path, "127.0.0.1", 405], ["PROPFIND", path, "127.0.0.1", 405]);
  }
  cases.push(["GET", "*", "127.0.0.1", 400], ["OPTIONS", "*", "127.0.0.1", 400]);
  const ids: string[] = [];
  for (const [method, target, host, status] of cases) {
    const answered = await raw(method, target, host);
    const what = `${method} ${target} (Host ${host})`;
    expect(answered.status, what).toBe(status);
    expect(answered.headers["content-type"], what).toContain("application/json");
    expect(answered.headers["content-security-policy"], what).toContain("default-src 'none'");
    expect(answered.headers["x-content-type-options"], what).toBe("nosniff");
    expect(JSON.parse(answered.body), what).toEqual({
      code: null,
      message: status === 400 ? "Запрос составлен неверно." : "Этот метод запроса не поддерживается.",
      validationErrors: {},
    });
    if (status === 405) expect(answered.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    ids.push(String(answered.headers["x-request-id"]));
  }
  // Each left its request line in the log, and nothing else: no error, no stack.
  await expect.poll(() => ids.filter((id) => readFileSync(TEST_LOG_FILE, "utf8").includes(`"requestId":"${id}"`)).length).toBe(ids.length);
  const lines = readFileSync(TEST_LOG_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { time: string; msg: string; requestId?: string; level: number })
    .filter((line) => Date.parse(line.time) >= since && ids.includes(line.requestId ?? ""));
  expect(lines.map((line) => line.msg)).toEqual(ids.map(() => "request"));
});

test("a rate limit is one budget whichever lane or casing a call takes", async ({ request }) => {
  const cookie = await signedInPupil(request);
  const start = (path: string) =>
    fetch(`${baseURL}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ language: 0, pinCode: "0000" }),
    });
  // Ten tries of a PIN a pupil has in five minutes (lib/attempts/pin-limit.ts): five by each lane.
  for (let i = 0; i < 5; i++) {
    expect((await start("/api/TestAttempts/New")).status).not.toBe(429);
    expect((await start("/api/testattempts/new")).status).not.toBe(429);
  }
  expect((await start("/api/TestAttempts/New")).status).toBe(429);
  expect((await start("/api/testattempts/new")).status).toBe(429);
});

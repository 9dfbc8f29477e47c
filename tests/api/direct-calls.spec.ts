// The opening's calls, handed by the front door straight to their route handlers
// (server/api-routes.mjs): what Next's own handling gave them still holds.

import { baseURL } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";

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

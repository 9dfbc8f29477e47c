// Structured logs (issue 26, lib/log.mjs): a whole journey — a parent registers and pays, the
// pupil signs in, starts with the PIN, answers, gets extra minutes, finishes, reads the result and
// the certificate; the organiser acts — leaves one JSON line per request and per event, each with
// its request id, and none of its secrets: no password, PIN, session token, answer key, provider
// key or registration link.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, signedIn } from "../support/http";
import { TEST_ENV, TEST_LOG_FILE } from "../support/test-env";

type Line = Record<string, unknown> & { time: string; msg: string; requestId?: string };

/**
 * The log's lines written since `since`, once the line of `requestId` is there: a request's line is
 * written as its answer goes, so the last request's line comes after every line before it.
 */
async function linesUntil(requestId: string, since: number): Promise<Line[]> {
  const logged = () => readFileSync(TEST_LOG_FILE, "utf8");
  await expect.poll(() => logged().includes(`"requestId":"${requestId}"`), { message: `the line of request ${requestId}` }).toBe(true);
  return logged()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => Date.parse(line.time) >= since);
}

test("a journey's log lines: one per request and per event, with ids, and no secret in any of them", async ({ request }) => {
  const since = Date.now() - 1_000;
  const pinCode = "8305";
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 1, hard: 1 }, pinCode, reviewPolicy: "afterEnd" });
  const secrets: string[] = [TEST_ENV.ADMIN_PASSWORD, TEST_ENV.BOT_API_TOKEN, TEST_ENV.PAYME_KEY, TEST_ENV.TEST_SUPPORT_TOKEN];

  // The parent: a registration, paid; the credentials as the chat-bot reads them.
  const guid = randomUUID();
  secrets.push(guid);
  const registered = await request.post("/api/Registration/Register", {
    data: {
      guid,
      regionId: 1726,
      districtId: 1726266,
      grade: olympiad.grade,
      subjectId: olympiad.subjectId,
      firstName: "Nodira",
      lastName: "Karimova",
    },
  });
  expect(registered.status()).toBe(200);
  expect((await request.post("/api/payments/sandbox/confirm", { data: { guid, amountSom: 75_000, provider: "payme" } })).status()).toBe(
    200,
  );
  expect((await request.get(`/register/${guid}`)).status()).toBe(200);
  const bot = await request.get(`/api/bot/registrations/${guid}`, { headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } });
  const credentials = await bot.json();
  expect(credentials.password).toBeTruthy();
  secrets.push(credentials.password);

  // A wrong password first, then the pupil's own; the session cookie is a secret too.
  expect(
    (await request.post("/api/Identity/Login", { data: { username: credentials.username, password: "wrong-password-1" } })).status(),
  ).toBe(400);
  secrets.push("wrong-password-1");
  const pupil = await signedIn({ username: credentials.username, password: credentials.password });
  const cookies = await pupil.storageState();
  for (const cookie of cookies.cookies) if (cookie.value.length >= 16) secrets.push(cookie.value);
  const me = await (await pupil.get("/api/Identity/GetCurrentUser")).json();

  expect((await pupil.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "0000" } })).status()).toBe(400);
  const started = await pupil.post("/api/TestAttempts/New", { data: { language: 0, pinCode } });
  const { attemptId } = await started.json();
  const view = await (await pupil.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  for (const question of view.questions) {
    const saved = await pupil.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: question.testAttemptQuestionId, answerId: question.questionChoices[0].questionChoiceId },
    });
    expect(saved.status()).toBe(200);
  }
  expect((await pupil.get(`/test-attempt/${attemptId}`)).status()).toBe(200);

  // The organiser: extra minutes for the pupil, and a new password (shown to the organiser once).
  const organiser = await signedIn(ORGANISER);
  const extra = await organiser.put(`/api/admin/pupils/${me.userId}/extra-minutes`, { data: { minutes: 7, reason: "Kechikib kirdi" } });
  expect(extra.status(), await extra.text()).toBe(200);
  await pupil.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
  const result = await pupil.get(`/api/TestAttempts/Result?testAttemptId=${attemptId}`);
  expect(result.status()).toBe(200);
  // The answer key, once the attempt has ended: the correct choices' ids and texts.
  const review = await (await pupil.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  const key = review.questions.map((q: { correctAnswerId: number }) => q.correctAnswerId);
  expect(key.every((id: number | null) => typeof id === "number")).toBe(true);
  const reset = await organiser.post(`/api/admin/pupils/${me.userId}/password`, { data: { reason: "Ota-onasi so'radi" } });
  expect(reset.status()).toBe(200);
  secrets.push((await reset.json()).password);
  const last = await organiser.get("/api/admin/board");
  const lastId = last.headers()["x-request-id"];
  expect(lastId).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);

  const lines = await linesUntil(lastId, since);
  const text = lines.map((line) => JSON.stringify(line)).join("\n");

  // One line per request, with what support needs to find it.
  const requests = lines.filter((line) => line.msg === "request");
  for (const line of requests) {
    expect(line).toEqual(
      expect.objectContaining({
        requestId: expect.any(String),
        route: expect.any(String),
        method: expect.any(String),
        ms: expect.any(Number),
        instance: expect.any(String),
      }),
    );
  }
  const mine = requests.filter((line) => line.attemptId === attemptId);
  const answers = mine.filter((line) => line.route === "/api/TestAttempts/Answer");
  expect(answers).toHaveLength(view.questions.length);
  expect(answers.every((line) => line.userId === me.userId && line.status === 200 && typeof line.question === "number")).toBe(true);
  expect(requests.find((line) => line.requestId === lastId)).toMatchObject({ route: "/api/admin/board", status: 200 });
  // The registration page is logged by its route, never by its link.
  expect(requests.some((line) => line.route === "/register/[guid]")).toBe(true);
  // The attempt's events and the organiser's acts, each in the request that made it.
  const events = lines.filter((line) => line.attemptId === attemptId && typeof line.event === "string");
  expect(events.map((line) => line.event)).toEqual(["attempt.started", "attempt.extended", "attempt.ended"]);
  expect(events[1]).toMatchObject({ minutes: 7, reason: "Kechikib kirdi" });
  expect(events[2]).toMatchObject({ by: "pupil" });
  const acts = lines.filter((line) => line.event === "organiser.action" && line.targetId === me.userId).map((line) => line.action);
  expect(acts).toEqual(["pupil.extraMinutes", "pupil.password"]);

  // No secret, in any line.
  for (const secret of secrets) expect(text, `a secret (${secret.slice(0, 3)}…) in the logs`).not.toContain(secret);
  expect(text).not.toContain(`"${pinCode}"`);
  expect(text).not.toMatch(/"(password|pinCode|pin|token|cookie|authorization|answerId|correctAnswerId|questionChoiceId)"\s*:/i);
  // The key's choice ids appear as no field's value either (ids are small numbers: as a field's whole value).
  for (const id of key) expect(text).not.toMatch(new RegExp(`"(answer|choice|correct)[A-Za-z]*":${id}\\b`));
  await pupil.dispose();
  await organiser.dispose();
});

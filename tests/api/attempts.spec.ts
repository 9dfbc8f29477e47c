// The TestAttempts endpoints over HTTP (spec §7): the whole flow, the codes, ownership,
// double start, and no response revealing the key while the attempt runs.

import { baseURL } from "../../playwright.config";
import { type APIRequestContext, type APIResponse, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, profileOf, signedIn } from "../support/http";

/** Every body a running attempt's calls answered, to search for the key afterwards. */
const seen: string[] = [];
async function json(response: APIResponse) {
  const text = await response.text();
  seen.push(text);
  return JSON.parse(text);
}

type View = {
  testAttemptId: number;
  isEnded: boolean;
  questions: {
    testAttemptQuestionId: number;
    answerId: number | null;
    correctAnswerId: number | null;
    isAnswerCorrect: boolean | null;
    questionChoices: { questionChoiceId: number; text: string }[];
  }[];
};

async function pupilOf(request: APIRequestContext, olympiad: { subjectId: number }) {
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  return { pupil, session: await signedIn(pupil) };
}

test("a pupil takes the test through the API; nothing reveals the key until the end", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, pinCode: "5678", reviewPolicy: "afterEnd" });
  const { session } = await pupilOf(request, olympiad);

  expect(await json(await session.get("/api/TestAttempts/AllowTestAttempt"))).toMatchObject({ isAllowed: true });
  expect(await json(await session.get("/api/TestAttempts/IsThereAttempt"))).toEqual({
    isThereAttempt: false,
    isEnded: false,
    attemptId: null,
  });

  const blank = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "" } });
  expect(blank.status()).toBe(422);
  expect((await blank.json()).validationErrors).toEqual({ pinCode: ["Required"] });
  const wrong = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "0000" } });
  expect(await wrong.json()).toEqual({ code: 4001, message: "Pin kod noto'g'ri", validationErrors: {} });

  const created = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "5678" } });
  expect(created.status()).toBe(200);
  const { attemptId } = await json(created);
  expect(await json(await session.get("/api/TestAttempts/IsThereAttempt"))).toEqual({ isThereAttempt: true, isEnded: false, attemptId });
  const again = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "5678" } });
  expect((await again.json()).code).toBe(4000);

  const view: View = await json(await session.get(`/api/TestAttempts/Get?id=${attemptId}`));
  expect(view.questions).toHaveLength(6);
  const remaining = await json(await session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`));
  expect(remaining.remainingTime).toBeGreaterThan(89 * 60);
  expect(remaining.remainingTime).toBeLessThanOrEqual(90 * 60);
  expect(await json(await session.post("/api/TestAttempts/CheckPinCode", { data: { pinCode: "5678" } }))).toEqual({ isValid: true });
  expect((await (await session.post("/api/TestAttempts/CheckPinCode", { data: { pinCode: "1" } })).json()).code).toBe(4001);

  // Answer every question with the choice whose text says it is right (test data knows its key).
  for (const q of view.questions) {
    const right = q.questionChoices.find((c) => c.text.startsWith("to'g'ri"))!;
    const answered = await session.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: right.questionChoiceId },
    });
    expect(answered.status()).toBe(200);
    await json(answered);
  }
  const foreignChoice = view.questions[1].questionChoices[0].questionChoiceId;
  const invalid = await session.post("/api/TestAttempts/Answer", {
    data: { testAttemptQuestionId: view.questions[0].testAttemptQuestionId, answerId: foreignChoice },
  });
  expect((await invalid.json()).code).toBe(4005);
  const during: View = await json(await session.get(`/api/TestAttempts/Get?id=${attemptId}`));
  expect(during.questions.every((q) => q.answerId !== null)).toBe(true);
  const running = await session.get(`/api/TestAttempts/Result?testAttemptId=${attemptId}`);
  expect((await running.json()).code).toBe(4000);

  // Nothing answered so far says which choice is right.
  for (const body of seen) {
    expect(body).not.toMatch(/"correctAnswerId":\d/);
    expect(body).not.toMatch(/"isAnswerCorrect":(true|false)/);
    expect(body).not.toMatch(/isCorrect|"correct"/);
  }

  const finished = await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
  expect(finished.status()).toBe(200);
  expect((await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).status()).toBe(200);
  const result = await (await session.get(`/api/testattempts/result?testattemptid=${attemptId}`)).json();
  expect(result).toMatchObject({ easyScore: 2, mediumScore: 3, hardScore: 5, maxScore: 10 });
  expect(result.timeSpent).toBeGreaterThanOrEqual(0);
  const late = await session.post("/api/TestAttempts/Answer", {
    data: {
      testAttemptQuestionId: view.questions[0].testAttemptQuestionId,
      answerId: view.questions[0].questionChoices[0].questionChoiceId,
    },
  });
  expect((await late.json()).code).toBe(4002);

  // Review (afterEnd): now the key is there.
  const review: View = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  expect(review.isEnded).toBe(true);
  expect(review.questions.every((q) => q.isAnswerCorrect === true && q.correctAnswerId === q.answerId)).toBe(true);
  expect(await (await session.get("/api/TestAttempts/AllowTestAttempt")).json()).toMatchObject({ isAllowed: false });
  const after = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "5678" } });
  expect((await after.json()).code).toBe(4004);
  await session.dispose();
});

test("another pupil's attempt is 404 on every call", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "2468" });
  const owner = await pupilOf(request, olympiad);
  const other = await pupilOf(request, olympiad);
  const { attemptId } = await (await owner.session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "2468" } })).json();
  const view: View = await (await owner.session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  const q = view.questions[0];
  const calls = [
    other.session.get(`/api/TestAttempts/Get?id=${attemptId}`),
    other.session.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`),
    other.session.get(`/api/TestAttempts/Result?testAttemptId=${attemptId}`),
    other.session.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId },
    }),
    other.session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } }),
  ];
  for (const response of await Promise.all(calls)) expect(response.status()).toBe(404);
  const untouched: View = await (await owner.session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  expect(untouched.isEnded).toBe(false);
  expect(untouched.questions[0].answerId).toBeNull();
  await Promise.all([owner.session.dispose(), other.session.dispose()]);
});

test("two New calls at once make one attempt", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1357" });
  const { session } = await pupilOf(request, olympiad);
  const responses = await Promise.all(
    [1, 2, 3].map(() => session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "1357" } })),
  );
  const statuses = responses.map((r) => r.status()).sort();
  expect(statuses).toEqual([200, 400, 400]);
  for (const r of responses.filter((x) => x.status() === 400)) expect((await r.json()).code).toBe(4000);
  await session.dispose();
});

test("New with withAttempt answers the attempt as Get does, so a start page with no sealed paper makes one call", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 1, hard: 1 }, pinCode: "8642" });
  const { session } = await pupilOf(request, olympiad);
  const hostile = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "8642", withAttempt: "yes" } });
  expect(hostile.status()).toBe(422);
  expect(Object.keys((await hostile.json()).validationErrors)).toEqual(["withAttempt"]);
  expect(await (await session.get("/api/TestAttempts/IsThereAttempt")).json()).toMatchObject({ isThereAttempt: false });

  const created = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "8642", withAttempt: true } });
  expect(created.status()).toBe(200);
  const { attemptId, attempt } = await created.json();
  const view = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  expect(attempt.remainingTime).toBeGreaterThanOrEqual(view.remainingTime);
  expect({ ...attempt, remainingTime: 0 }).toEqual({ ...view, remainingTime: 0 });
  expect(attempt.questions).toHaveLength(4);
  expect(attempt.questions.every((q: View["questions"][number]) => q.correctAnswerId === null)).toBe(true);
  await session.dispose();
});

test("outside the window New is 4003 and the allowance says when it opens", async ({ request }) => {
  const openedAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const olympiad = await newOlympiad(request, { openedAt, closedAt: new Date(Date.now() + 4 * 86_400_000).toISOString(), pinCode: "9999" });
  const { session } = await pupilOf(request, olympiad);
  expect(await (await session.get("/api/TestAttempts/AllowTestAttempt")).json()).toMatchObject({ isAllowed: false, openedAt });
  expect((await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "9999" } })).json()).code).toBe(4003);
  await session.dispose();
});

test.describe("the organiser's JSON API", () => {
  test("PUT a subject's test: admin only, validated", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const organiser = await signedIn(ORGANISER);
    const pupil = await pupilOf(request, olympiad);
    const body = {
      openedAt: "2025-06-10T04:00:00Z",
      closedAt: "2025-06-10T16:00:00Z",
      pinCode: "2025",
      easyCount: 10,
      mediumCount: 10,
      hardCount: 10,
      easyPoints: 1,
      mediumPoints: 1.5,
      hardPoints: 2.5,
      reason: "Olimpiada jadvali",
    };
    expect((await pupil.session.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: body })).status()).toBe(403);
    const bad = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
      data: { ...body, closedAt: "2025-06-09T00:00:00Z", pinCode: "12" },
    });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).validationErrors).toEqual({ pinCode: ["Pattern"], closedAt: ["Range"] });
    const saved = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, { data: body });
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      subjectId: olympiad.subjectId,
      pinCode: "2025",
      durationMinutes: 90,
      easyCount: 10,
      hardPoints: 2.5,
    });
    expect((await organiser.put("/api/admin/subjects/99999999/test", { data: body })).status()).toBe(404);
    await Promise.all([organiser.dispose(), pupil.session.dispose()]);
  });

  test("question import: all or nothing, an error per bad item", async ({ request }) => {
    const olympiad = await newOlympiad(request);
    const organiser = await signedIn(ORGANISER);
    const good = {
      difficulty: "easy",
      text: "<p>2 + 2 = ?</p>",
      choices: [
        { text: "4", correct: true },
        { text: "5", correct: false },
      ],
    };
    const bank = {
      subjectId: olympiad.subjectId,
      readingTexts: [{ key: "a", text: "<p>Matn</p>" }],
      questions: [
        good,
        {
          difficulty: "medium",
          text: "<p>Ikki to'g'ri</p>",
          choices: [
            { text: "1", correct: true },
            { text: "2", correct: true },
          ],
        },
        {
          difficulty: "extreme",
          text: "<p>x</p>",
          choices: [
            { text: "1", correct: true },
            { text: "2", correct: false },
          ],
        },
        { ...good, readingText: "missing" },
        { ...good, text: "<script>alert(1)</script>" },
      ],
    };
    const refused = await organiser.post("/api/admin/questions/import", { data: bank });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).validationErrors).toEqual({
      "questions.1.choices": ["Invalid"],
      "questions.2.difficulty": ["Enum"],
      "questions.3.readingText": ["Invalid"],
    });
    const scriptOnly = await organiser.post("/api/admin/questions/import", { data: { ...bank, questions: [good, bank.questions[4]] } });
    expect((await scriptOnly.json()).validationErrors).toEqual({ "questions.1.text": ["Required"] });
    const unexplained = await organiser.post("/api/admin/questions/import", {
      data: { ...bank, questions: [good, { ...good, readingText: "a" }] },
    });
    expect((await unexplained.json()).validationErrors).toEqual({ reason: ["Required"] });
    const imported = await organiser.post("/api/admin/questions/import", {
      data: { ...bank, questions: [good, { ...good, readingText: "a" }], reason: "Yangi savollar" },
    });
    expect(await imported.json()).toEqual({ readingTexts: 1, questions: 2, choices: 4, attached: 0, duplicates: 0, dryRun: false });
    await organiser.dispose();
  });
});

test("one payment, one olympiad: New and a change of subject sent together never both win", async ({ request }) => {
  const first = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "4242" });
  // Another PIN: a New that comes after the change of subject is refused, not started in the other test.
  const second = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "9191", grade: first.grade });
  const outcomes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const { session } = await pupilOf(request, first);
    const profile = { ...(await profileOf(session)), subjectId: second.subjectId };
    // The countdown drew the pupil's paper (the opening's one-statement start) on half of them.
    if (i % 2 === 0) await session.get("/api/TestAttempts/AllowTestAttempt");
    const [started, updated] = await Promise.all([
      session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "4242" } }),
      session.post("/api/Identity/Update", { data: profile }),
    ]);
    const now = await (await session.get("/api/Identity/GetCurrentUser")).json();
    outcomes.push(`New ${started.status()}, Update ${updated.status()}`);
    expect(started.status() === 200 && updated.status() === 200, outcomes.at(-1)).toBe(false);
    // Whoever won, the pupil is ranked where the attempt is.
    if (started.status() === 200) expect(now.subjectId).toBe(first.subjectId);
    else expect(now.subjectId).toBe(second.subjectId);
    await session.dispose();
  }
  console.log(`New beside Update: ${[...new Set(outcomes)].join("; ")}`);
});

test.describe("Events: the stream an open attempt page hears the organiser's acts on", () => {
  test("carries the pupil's own changes as they happen, nothing of another's; a few streams per pupil, then 429", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const [pupil, other] = await Promise.all([
      newPupil(request, { subjectId: olympiad.subjectId }),
      newPupil(request, { subjectId: olympiad.subjectId }),
    ]);
    // Each testing: a running attempt of their own.
    const cookieOf = async (credentials: typeof pupil) => {
      const context = await signedIn(credentials);
      expect((await context.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).status()).toBe(200);
      const { cookies } = await context.storageState();
      await context.dispose();
      return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    };
    const [mine, theirs] = await Promise.all([cookieOf(pupil), cookieOf(other)]);
    const open = (cookie: string, signal: AbortSignal) =>
      fetch(`${baseURL}/api/TestAttempts/Events`, { headers: { Cookie: cookie }, signal });
    const controller = new AbortController();
    try {
      const stream = await open(mine, controller.signal);
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toContain("text/event-stream");
      const otherStream = await open(theirs, controller.signal);
      const organiser = await signedIn(ORGANISER);
      expect(
        (await organiser.put(`/api/admin/pupils/${pupil.userId}/extra-minutes`, { data: { minutes: 7, reason: "Sinov" } })).status(),
      ).toBe(200);
      await organiser.dispose();
      const received = await readUntil(stream, /^data: (.+)$/m, 5_000);
      expect(JSON.parse(received)).toEqual({ kind: "extended", minutes: 7 });
      // The other pupil's stream hears nothing of it.
      expect(await readUntil(otherStream, /^data: (.+)$/m, 1_000).catch(() => null)).toBeNull();
      // Four open at once (tabs, a reload) are let be; a fifth is refused.
      const more = await Promise.all([1, 2, 3].map(() => open(mine, controller.signal)));
      expect(more.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await open(mine, controller.signal)).status).toBe(429);
    } finally {
      controller.abort();
    }
    // Without a session: 401.
    expect((await fetch(`${baseURL}/api/TestAttempts/Events`)).status).toBe(401);
  });
});

test.describe("Events: a stream lives no longer than its session", () => {
  test("refused after Chiqish, a block, a new password and an erasure; an open one hears signedOut and ends", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const organiser = await signedIn(ORGANISER);
    const admin = `/api/admin/pupils/${pupil.userId}`;
    /** A new sign-in (a device of its own): its cookie header. */
    const device = async () => {
      const context = await signedIn(pupil);
      const { cookies } = await context.storageState();
      return { context, cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
    };
    const open = (cookie: string, signal?: AbortSignal) =>
      fetch(`${baseURL}/api/TestAttempts/Events`, { headers: { Cookie: cookie }, signal });
    const controller = new AbortController();
    try {
      // Chiqish on one device ends that device's stream, and only that one.
      const [school, home] = await Promise.all([device(), device()]);
      const [schoolStream, homeStream] = await Promise.all([open(school.cookie, controller.signal), open(home.cookie, controller.signal)]);
      expect([schoolStream.status, homeStream.status]).toEqual([200, 200]);
      expect((await school.context.post("/api/Identity/Logout")).status()).toBe(200);
      expect(eventsIn(await readToEnd(schoolStream))).toEqual([{ kind: "signedOut", reason: "signedOut" }]);
      expect((await open(school.cookie)).status).toBe(401);
      // The other device's stream heard nothing and still answers: until the pupil is blocked.
      expect((await organiser.put(`${admin}/blocked`, { data: { blocked: true, reason: "Sinov" } })).status()).toBe(200);
      expect(eventsIn(await readToEnd(homeStream))).toEqual([{ kind: "signedOut", reason: "blocked" }]);
      expect((await open(home.cookie)).status).toBe(401);
      expect((await organiser.put(`${admin}/blocked`, { data: { blocked: false, reason: "Sinov" } })).status()).toBe(200);

      // A new password: the old cookie is refused.
      const before = await device();
      expect((await open(before.cookie, controller.signal)).status).toBe(200);
      const reset = await organiser.post(`${admin}/password`, { data: { reason: "Ota-onasi so'radi" } });
      expect(reset.status()).toBe(200);
      expect((await open(before.cookie)).status).toBe(401);
      // An erasure: the last cookie (signed in with the new password) is refused too.
      const after = await signedIn({ username: pupil.username, password: (await reset.json()).password });
      const { cookies } = await after.storageState();
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      expect((await open(cookie, controller.signal)).status).toBe(200);
      const erased = await organiser.post(`${admin}/erase`, { data: { confirmUsername: pupil.username, reason: "Ota-onasi so'radi" } });
      expect(erased.status()).toBe(200);
      expect((await open(cookie)).status).toBe(401);
      await Promise.all([school.context.dispose(), home.context.dispose(), before.context.dispose(), after.dispose()]);
    } finally {
      controller.abort();
      await organiser.dispose();
    }
  });
});

/** A stream's text once the server has ended it. */
async function readToEnd(response: Response): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
  return text;
}

const eventsIn = (text: string) => [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]));

/** Reads a stream until `pattern` matches; its first group. */
async function readUntil(response: Response, pattern: RegExp, ms: number): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = setTimeout(() => void reader.cancel(), ms);
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`no match within ${ms} ms: ${text}`);
      text += value;
      const match = pattern.exec(text);
      if (match) return match[1];
    }
  } finally {
    clearTimeout(deadline);
    reader.releaseLock();
  }
}

test.describe("Paper: the pupil's paper sealed for the device during check-in", () => {
  test("sealed under a key only New answers: it opens to the questions Get shows, with nothing of the key; gone once started", async ({
    request,
  }) => {
    // Opening in 30 minutes: checked in (60 minutes before by default), the paper drawn by AllowTestAttempt.
    const olympiad = await newOlympiad(request, {
      counts: { easy: 2, medium: 1, hard: 1 },
      openedAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      closedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { session } = await pupilOf(request, olympiad);
    const before: string[] = [];
    const read = async (response: APIResponse) => {
      before.push(await response.text());
      return response;
    };
    await read(await session.get("/api/TestAttempts/AllowTestAttempt"));
    const paperResponse = await read(await session.get("/api/TestAttempts/Paper"));
    expect(paperResponse.status()).toBe(200);
    const sealed = await paperResponse.json();
    expect(sealed).toEqual({ iv: expect.any(String), data: expect.any(String) });
    // Each fetch is sealed afresh (its own IV): nothing to compare between two devices' copies.
    const again = await (await read(await session.get("/api/TestAttempts/Paper"))).json();
    expect(again.iv).not.toBe(sealed.iv);
    // Without a session: 401.
    expect((await fetch(`${baseURL}/api/TestAttempts/Paper`)).status).toBe(401);

    // The organiser opens the test now; New answers the attempt with what opens the paper.
    const organiser = await signedIn(ORGANISER);
    const now = Date.now();
    const window = { openedAt: new Date(now - 60_000).toISOString(), closedAt: new Date(now + 3_600_000).toISOString() };
    const moved = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
      data: { ...window, pinCode: olympiad.pinCode, reason: "Ochish" },
    });
    expect(moved.status()).toBe(200);
    await organiser.dispose();
    const started = await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
    const { attemptId, paper } = await started.json();
    expect(paper).toEqual({ key: expect.any(String), testAttemptQuestionIds: expect.any(Array), remainingTime: expect.any(Number) });
    // The key was in no answer before New.
    for (const body of before) expect(body).not.toContain(paper.key);

    const { createDecipheriv } = await import("node:crypto");
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(paper.key, "base64url"), Buffer.from(sealed.iv, "base64url"));
    const data = Buffer.from(sealed.data, "base64url");
    decipher.setAuthTag(data.subarray(-16));
    const opened = JSON.parse(Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString("utf8"));
    const view: View & { readingTexts: unknown[]; remainingTime: number } = await (
      await session.get(`/api/TestAttempts/Get?id=${attemptId}`)
    ).json();
    expect(paper.testAttemptQuestionIds).toEqual(view.questions.map((q) => q.testAttemptQuestionId));
    // The attempt's own time, as the server floors it: asked before Get's, and never past the close an hour on.
    expect(paper.remainingTime).toBeGreaterThanOrEqual(view.remainingTime);
    expect(paper.remainingTime).toBeLessThanOrEqual(3_600);
    expect(opened).toEqual({
      questions: view.questions.map(
        ({ testAttemptQuestionId: _, answerId: _a, correctAnswerId: _c, isAnswerCorrect: _i, ...rest }) => rest,
      ),
      readingTexts: view.readingTexts,
    });
    expect(JSON.stringify(opened)).not.toMatch(/correct/i);
    // The stored bytes are not the texts: none of the questions' texts is in the sealed copy.
    const stored = JSON.stringify(sealed);
    for (const q of opened.questions) expect(stored).not.toContain(q.text.slice(0, 12));
    // Taken with the start: no paper any more.
    expect((await session.get("/api/TestAttempts/Paper")).status()).toBe(404);
    await session.dispose();
  });

  test("before check-in there is no paper to seal", async ({ request }) => {
    const olympiad = await newOlympiad(request, {
      openedAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      closedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { session } = await pupilOf(request, olympiad);
    await session.get("/api/TestAttempts/AllowTestAttempt");
    expect((await session.get("/api/TestAttempts/Paper")).status()).toBe(404);
    await session.dispose();
  });
});

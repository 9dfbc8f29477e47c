// Appeals over HTTP: bad input (a question the pupil was not given, 10 000 characters, hostile
// text, no text, a question's appeal without its question) is refused with a clear message in the
// pupil's language and changes nothing; the parent appeals through the registration's link; the
// organiser's decision, deadline and finalisation refuse what they must. (The deadline passing is
// tests/e2e/after-life.spec.ts's, with the server's clock moved on; the rules: tests/unit/appeals.test.ts.)
import { ru as russian } from "@/lib/i18n/ru";
import { compile } from "@/shared/i18n/format";
import { uz as uzbek } from "@/shared/i18n/uz";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, pupilTakes, signedIn } from "../support/http";

type View = {
  open: boolean;
  closesAt: string;
  closeMoved: { from: string; at: string } | null;
  appeals: { questionNumber: number | null; kind: string; text: string }[];
  questions: { testAttemptQuestionId: number }[];
};

let organiser: APIRequestContext;
test.beforeAll(async () => {
  organiser = await signedIn(ORGANISER);
});
test.afterAll(async () => {
  await organiser?.dispose();
});

/** Two pupils take a test (the key shown at their end), the organiser closes it now and keeps appeals open for 60 days. */
async function closedWithAppealsOpen(request: APIRequestContext) {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 2 });
  const aziza = await pupilTakes(request, olympiad, [true, false, true], { names: { firstName: "Aziza", lastName: "Karimova" } });
  const boris = await pupilTakes(request, olympiad, [true, true, false], { names: { firstName: "Boris", lastName: "Ivanov" } });
  const { items } = await (await organiser.get("/api/admin/tests")).json();
  const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
  const closed = await organiser.post(`/api/admin/subjects/${olympiad.subjectId}/test/close`, {
    data: { confirmSubjectName: subjectName, reason: "Test tugadi" },
  });
  expect(closed.status()).toBe(200);
  const later = new Date(Date.now() + 60 * 86_400_000).toLocaleString("en-GB", { timeZone: "Asia/Tashkent", hour12: false });
  const [day, time] = later.split(", ");
  const own = await organiser.put(`/api/admin/tests/${olympiad.testId}/appeals-close`, {
    data: { appealsCloseAt: `${day.replaceAll("/", ".")} ${time.slice(0, 5)}`, reason: "Apellyatsiya uchun ko'proq vaqt" },
  });
  expect(own.status()).toBe(200);
  return { olympiad, aziza, boris };
}

test("bad appeals are refused in the pupil's language and change nothing; a good one is kept and edited in place", async ({ request }) => {
  const { aziza, boris } = await closedWithAppealsOpen(request);
  const ru = compile<typeof uzbek>("ru", russian);
  // The session's cookie jar has no language cookie: the language is the browser's Accept-Language.
  const inRussian = { headers: { "accept-language": "ru" } };
  const view: View = await (await aziza.session.get("/api/TestAttempts/Appeals", inRussian)).json();
  expect(view.open).toBe(true);
  const mine = view.questions[0].testAttemptQuestionId;
  const theirs: View = await (await boris.session.get("/api/TestAttempts/Appeals")).json();
  const post = (data: Record<string, unknown>) => aziza.session.post("/api/TestAttempts/Appeals", { ...inRussian, data });

  // A question of another pupil's paper.
  const foreign = await post({ testAttemptQuestionId: theirs.questions[0].testAttemptQuestionId, kind: "key", text: "Неверный ключ" });
  expect(foreign.status()).toBe(422);
  expect((await foreign.json()).validationErrors).toEqual({ testAttemptQuestionId: ["Invalid"] });
  // 10 000 characters: the limit, said in Russian.
  const long = await post({ testAttemptQuestionId: mine, kind: "key", text: "я".repeat(10_000) });
  expect(long.status()).toBe(422);
  expect(await long.json()).toMatchObject({ validationErrors: { text: ["MaxLength"] } });
  expect((await long.json()).message).toBe(ru.http.unprocessable);
  // Hostile text: control characters never reach the database.
  const hostile = await post({ testAttemptQuestionId: mine, kind: "key", text: "ключ\u0000<script>alert(1)</script>" });
  expect(hostile.status()).toBe(422);
  // Empty, and a question's appeal without its question.
  expect((await (await post({ testAttemptQuestionId: mine, kind: "key", text: "   " })).json()).validationErrors).toEqual({
    text: ["Required"],
  });
  expect((await (await post({ kind: "key", text: "Ключ" })).json()).validationErrors).toEqual({ kind: ["Invalid"] });
  const unchanged: View = await (await aziza.session.get("/api/TestAttempts/Appeals")).json();
  expect(unchanged.appeals).toEqual([]);

  // Markup is only text: kept as written, shown escaped by React.
  const kept = await post({ testAttemptQuestionId: mine, kind: "key", text: "<b>Ответ B</b> тоже верный" });
  expect(kept.status()).toBe(200);
  const edited: View = await (await post({ testAttemptQuestionId: mine, kind: "unclear", text: "Вопрос непонятен" })).json();
  expect(edited.appeals).toMatchObject([{ questionNumber: 1, kind: "unclear", text: "Вопрос непонятен" }]);
});

test("the parent appeals through the registration's link; a link of nobody's finds nothing", async ({ request }) => {
  const { aziza } = await closedWithAppealsOpen(request);
  const parent = (guid: string) => `/api/Registration/Appeals?guid=${guid}`;
  const view: View = await (await request.get(parent(aziza.guid))).json();
  expect(view.open).toBe(true);
  const made = await request.post("/api/Registration/Appeals", {
    data: { guid: aziza.guid, testAttemptQuestionId: null, kind: "result", text: "Natijani qayta ko'rib chiqing" },
  });
  expect(made.status()).toBe(200);
  // The pupil sees the parent's appeal as their own.
  const own: View = await (await aziza.session.get("/api/TestAttempts/Appeals")).json();
  expect(own.appeals).toMatchObject([{ questionNumber: null, kind: "result", text: "Natijani qayta ko'rib chiqing" }]);
  expect((await request.get(parent("00000000-0000-4000-8000-0000000000aa"))).status()).toBe(404);
  expect((await request.get(parent("not-a-guid"))).status()).toBe(422);
});

test("the organiser's decision, deadline and finalisation refuse what they must, in the organiser's words", async ({ request }) => {
  const { olympiad, aziza } = await closedWithAppealsOpen(request);
  const view: View = await (await aziza.session.get("/api/TestAttempts/Appeals")).json();
  for (const question of view.questions.slice(0, 2)) {
    await aziza.session.post("/api/TestAttempts/Appeals", {
      data: { testAttemptQuestionId: question.testAttemptQuestionId, kind: "key", text: "B ham to'g'ri" },
    });
  }
  const seenAt = new Date().toISOString();
  const decide = (data: Record<string, unknown>) =>
    organiser.post(`/api/admin/tests/${olympiad.testId}/appeals`, { data: { seenAt, ...data } });
  // Changing the key needs the choice and the dry run seen first (its key hash); a result's outcome
  // is not a question's; a reason is required.
  const grouped = await (await organiser.get(`/api/admin/tests/${olympiad.testId}/appeals`)).json();
  const questionId = grouped.questions[0].questionId;
  expect((await (await decide({ questionId, outcome: "key", reason: "Kalit xato" })).json()).validationErrors).toEqual({
    choiceId: ["Required"],
    expectedKeyHash: ["Required"],
  });
  expect((await (await decide({ questionId, outcome: "upheld", reason: "Kalit xato" })).json()).validationErrors).toEqual({
    outcome: ["Required"],
  });
  expect((await (await decide({ questionId, outcome: "reject" })).json()).validationErrors).toMatchObject({ reason: expect.any(Array) });
  // A choice that is not the question's (none at all, or another question's): a 422 in the organiser's
  // language, and nothing written.
  const ru = compile<typeof uzbek>("ru", russian);
  const anotherQuestions = grouped.questions[1].choices[0].choiceId;
  for (const choiceId of [2_147_483_647, anotherQuestions]) {
    const wrong = await organiser.post(`/api/admin/tests/${olympiad.testId}/appeals`, {
      headers: { "accept-language": "ru" },
      data: { seenAt, questionId, outcome: "key", choiceId, reason: "Kalit xato", expectedKeyHash: "0".repeat(64) },
    });
    expect(wrong.status(), `choice ${choiceId}`).toBe(422);
    expect(await wrong.json()).toMatchObject({ message: ru.http.unprocessable, validationErrors: { choiceId: ["Invalid"] } });
  }
  // A deadline that is not a time, or before the close.
  const deadline = (appealsCloseAt: string) =>
    organiser.put(`/api/admin/tests/${olympiad.testId}/appeals-close`, { data: { appealsCloseAt, reason: "Muddat" } });
  expect((await (await deadline("31.02.2026 10:00")).json()).validationErrors).toEqual({ appealsCloseAt: ["Pattern"] });
  expect((await (await deadline("01.01.2020 10:00")).json()).validationErrors).toEqual({ appealsCloseAt: ["Range"] });
  // Finalising while appeals are open.
  const preview = await (await organiser.get(`/api/admin/tests/${olympiad.testId}/final`)).json();
  expect(preview).toMatchObject({ ready: false, status: { state: "provisional", pending: 2 } });
  const early = await organiser.post(`/api/admin/tests/${olympiad.testId}/final`, { data: { expectedTopHash: preview.topHash } });
  expect(await early.json()).toMatchObject({ code: 4015, message: compile<typeof uzbek>("uz", uzbek).codes[4015] });
  // Nothing was decided or finalised by the refusals.
  const after = await (await organiser.get(`/api/admin/tests/${olympiad.testId}/appeals`)).json();
  expect(after.status).toMatchObject({ pending: 2, final: null });
  expect(after.questions.flatMap((q: { decisions: unknown[] }) => q.decisions)).toEqual([]);
});

test("an end of appeals earlier than families were shown is saved only once confirmed, named with how many families; their pages then say it moved", async ({
  request,
}) => {
  const { olympiad, aziza } = await closedWithAppealsOpen(request);
  const shown: View = await (await aziza.session.get("/api/TestAttempts/Appeals")).json();
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleString("en-GB", { timeZone: "Asia/Tashkent", hour12: false });
  const [day, time] = tomorrow.split(", ");
  const earlier = `${day.replaceAll("/", ".")} ${time.slice(0, 5)}`;
  const put = (data: Record<string, unknown>) =>
    organiser.put(`/api/admin/tests/${olympiad.testId}/appeals-close`, { headers: { "accept-language": "ru" }, data });

  const asked = await put({ appealsCloseAt: earlier, reason: "Ошибка в дате" });
  expect(asked.status()).toBe(400);
  const question = await asked.json();
  expect(question.code).toBe(4007);
  expect(question.message).toContain("2 семьи видели срок апелляции");
  // Nothing moved yet: the families still read the end they were shown.
  expect((await (await aziza.session.get("/api/TestAttempts/Appeals")).json()).closesAt).toBe(shown.closesAt);
  expect(shown.closeMoved).toBeNull();

  expect((await put({ appealsCloseAt: earlier, reason: "Ошибка в дате", confirmEarlier: true })).status()).toBe(200);
  const told: View = await (await aziza.session.get("/api/TestAttempts/Appeals")).json();
  expect(told.closesAt).not.toBe(shown.closesAt);
  expect(told.closeMoved?.from).toBe(shown.closesAt);
  // A later end again needs no confirmation, and the families are no longer told of a move earlier.
  const later = await put({ appealsCloseAt: null, reason: "Национальное правило" });
  expect(later.status()).toBe(200);
});

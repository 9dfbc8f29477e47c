// The opening's rehearsal (`npm run ops:rehearsal`): its pupils and test are never offered,
// counted or ranked, its figures stay for the console, and removing it leaves nothing of its pupils.
// The script itself runs against this server with a handful of pupils.
import ExcelJS from "exceljs";
import { baseURL } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { runScript } from "../support/scripts";
import { TEST_ENV } from "../support/test-env";

test("a rehearsal's pupils take its test unseen by registration, the board and the results; removed, nothing of them is left", async ({
  request,
}) => {
  const organiser = await signedIn(ORGANISER);
  // Bad input: told in Uzbek with the fields' codes, nothing made.
  const bad = await organiser.post("/api/admin/rehearsals", { data: { pupils: 0, opensInSeconds: 5 } });
  expect(bad.status()).toBe(422);
  expect(await bad.json()).toMatchObject({
    message: "Kiritilgan ma'lumotlarda xatolik bor.",
    validationErrors: { pupils: ["Range"], opensInSeconds: ["Range"] },
  });
  // A pupil may not make one.
  const olympiad = await newOlympiad(request);
  const pupil = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
  expect((await pupil.post("/api/admin/rehearsals", { data: { pupils: 2, opensInSeconds: 60 } })).status()).toBe(403);
  await pupil.dispose();

  const made = await organiser.post("/api/admin/rehearsals", { data: { pupils: 3, opensInSeconds: 3600 } });
  expect(made.status()).toBe(200);
  const rehearsal = await made.json();
  expect(rehearsal.usernames).toHaveLength(3);
  // Never offered at registration, nor on the board or the console's tests.
  const subjects = await (await request.get("/api/Subjects/GetAll")).json();
  expect(subjects.map((s: { subjectId: number }) => s.subjectId)).not.toContain(rehearsal.subjectId);
  const board = await (await organiser.get("/api/admin/board")).json();
  expect(board.tests.map((t: { subjectId: number }) => t.subjectId)).not.toContain(rehearsal.subjectId);

  // Its pupil signs in and takes the test once the organiser opens it.
  const now = Date.now();
  const window = { openedAt: new Date(now - 1_000).toISOString(), closedAt: new Date(now + 3_600_000).toISOString() };
  expect(
    (
      await organiser.put(`/api/admin/subjects/${rehearsal.subjectId}/test`, {
        data: { ...window, pinCode: rehearsal.pinCode, reason: "Mashq" },
      })
    ).status(),
  ).toBe(200);
  const taker = await signedIn({ username: rehearsal.usernames[0], password: rehearsal.password });
  const { attemptId } = await (await taker.post("/api/TestAttempts/New", { data: { language: 0, pinCode: rehearsal.pinCode } })).json();
  expect((await taker.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).status()).toBe(200);
  // No results for it (the results, their exports and the ranking read the same list): not found.
  expect((await organiser.get(`/api/admin/results?testId=${rehearsal.testId}`)).status()).toBe(404);
  const listed = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json();
  expect(JSON.stringify(listed)).not.toContain(rehearsal.usernames[0]);
  // Nor a public certificate, nor a place among the pupils or in their district's logins.
  const check = await request.get(`/api/Certificates/Check?username=${rehearsal.usernames[0]}`);
  expect(await check.json()).toEqual({ hasCertificate: false, fullName: null });
  expect((await request.get(`/cert/${rehearsal.usernames[0]}`)).status()).toBe(404);
  const found = await (await organiser.get(`/api/admin/pupils?q=${rehearsal.usernames[0]}`)).json();
  expect(found.total).toBe(0);
  const profile = await (await taker.get("/api/Identity/GetCurrentUser")).json();
  const logins = await organiser.get(`/api/admin/pupils/logins?districtId=${profile.districtId}`);
  expect(logins.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await logins.body()) as unknown as ArrayBuffer);
  const cells = book.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
  expect(cells.filter((cell) => cell.startsWith(`mashq${rehearsal.rehearsalId}x`))).toEqual([]);

  // Its figures stay; its pupils go.
  const report = {
    url: baseURL,
    pupils: 3,
    pageShare: 0.2,
    startSeconds: 24,
    firstQuestionP50Ms: 80,
    firstQuestionP99Ms: 900,
    failed: 0,
    lost: 0,
    answers: 6,
    sustainedStartsPerSecond: 12.5,
    peakStartsPerSecond: 12.5,
    registered: 40,
    neededStartsPerSecond: 0.7,
    openingSeconds: 60,
    go: true,
  };
  expect((await organiser.put(`/api/admin/rehearsals/${rehearsal.rehearsalId}`, { data: report })).status()).toBe(200);
  const removed = await organiser.delete(`/api/admin/rehearsals/${rehearsal.rehearsalId}`);
  expect(await removed.json()).toEqual({ rehearsalId: rehearsal.rehearsalId, removed: 3 });
  const signIn = await request.post("/api/Identity/Login", { data: { username: rehearsal.usernames[1], password: rehearsal.password } });
  expect(signIn.status()).not.toBe(200);
  expect((await taker.get("/api/TestAttempts/IsThereAttempt")).status()).toBe(401);
  // Both acts are in the audit log, in words.
  const audit = JSON.stringify(await (await organiser.get("/api/admin/audit")).json());
  expect(audit).toContain("Ochilish mashqi boshlandi");
  expect(audit).toContain("Ochilish mashqi o'quvchilari o'chirildi");
  const last = await (await organiser.get("/api/admin/rehearsals")).json();
  if (last.rehearsalId === rehearsal.rehearsalId) expect(last).toMatchObject({ removed: true, report });
  await Promise.all([taker.dispose(), organiser.dispose()]);
});

test("npm run ops:rehearsal: a handful of pupils through check-in, the opening and back; figures reported, pupils removed", async () => {
  test.setTimeout(120_000);
  const output = await runScript(
    ["scripts/rehearsal.mjs", "--url", baseURL, "--pupils", "12", "--opens-in", "12", "--start-seconds", "4", "--answers", "2"],
    {
      ...process.env,
      REHEARSAL_USERNAME: ORGANISER.username,
      REHEARSAL_PASSWORD: TEST_ENV.ADMIN_PASSWORD,
      METRICS_TOKEN: TEST_ENV.METRICS_TOKEN,
    },
  );
  expect(output.text).toContain("failed pupils: 0");
  expect(output.text).toMatch(/answers acknowledged: 24 {3}lost: 0/);
  expect(output.text).toMatch(/first question: p50 [\d.]+ s {3}p99 [\d.]+ s {3}\(12 pupils\)/);
  expect(output.text).toMatch(/^(GO|NO-GO): \d+ pupils registered \(paid\), starting within 60 s, need [\d.]+ starts a second$/m);
  // The capacity from the app's own CPU figures: the suites' server is one instance of one process.
  expect(output.text).toMatch(
    /^capacity from the measured cost: [\d.]+ starts a second \(app: \d+ cores, [\d.]+ CPU-ms a start, [\d.]+ a second\); the database's CPU is not in it$/m,
  );
  expect(output.text).toContain("removed: 12 rehearsal pupils");
  expect(output.code).toBe(0);
});

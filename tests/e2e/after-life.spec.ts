// The after-life of one test in Chromium: appeals (one in Russian), the organiser's decisions, the
// appeal period passing on the server's clock, the final list, a district's protocol, the public
// check and the second-stage line. Runs once (the clock is the server's).
// Each step: docs/appeals.md#testing-the-days-passing
import { writeFileSync } from "node:fs";
import { ru as russian } from "@/lib/i18n/ru";
import { uzCyrl as uzbekCyrillic } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import { uz as uzbek } from "@/shared/i18n/uz";
import { testSupportToken } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, pupilTakes, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { TEST_ENV } from "../support/test-env";
import { signInAt } from "../support/ui";

const DISTRICT = 1726266; // the test pupils' district (Toshkent shahri)

type Preview = { topHash: string; ready: boolean; status: { appealsCloseAt: string; state: string; pending: number } };

test("@phone-only appeals, decisions, the deadline passing, the final list, the district protocol and the second stage", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const uz = compile<typeof uzbek>("uz", uzbek);
  const ru = compile<typeof uzbek>("ru", russian);
  const uzCyrl = compile<typeof uzbek>("uz-Cyrl", uzbekCyrillic);
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  // Easy 1, medium 1.5, hard 2.5 points; a wrong answer is always the choice "xato N.1".
  const aziza = await pupilTakes(request, olympiad, [true, false, false], { names: { firstName: "Aziza", lastName: "Karimova" } }); // 1
  const boris = await pupilTakes(request, olympiad, [true, true, false], { names: { firstName: "Boris", lastName: "Ivanov" } }); // 2.5
  const dilnoza = await pupilTakes(request, olympiad, [false, true, true], { names: { firstName: "Dilnoza", lastName: "Yusupova" } }); // 4
  const organiser = await signedIn(ORGANISER);
  const { items } = await (await organiser.get("/api/admin/tests")).json();
  const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
  expect(
    (
      await organiser.post(`/api/admin/subjects/${olympiad.subjectId}/test/close`, {
        data: { confirmSubjectName: subjectName, reason: "Test tugadi" },
      })
    ).status(),
  ).toBe(200);
  const preview = async (): Promise<Preview> => (await organiser.get(`/api/admin/tests/${olympiad.testId}/final`)).json();
  const before = await preview();
  expect(before.status.state).toBe("provisional");

  // Aziza appeals the hard question (3) from her review page, in Uzbek: its key is wrong.
  await signInAt(page, "/test-attempt", aziza);
  await page.goto(`/test-attempt/${aziza.attemptId}?isAnswer=true&questionNumber=3`);
  const panel = page.getByTestId("appeals-panel");
  await expect(panel.getByTestId("appeals-closes-at")).toBeVisible();
  await panel.getByTestId("appeal-about").selectOption({ label: uz.appeals.questionNumber({ n: 3 }) });
  await panel.getByLabel(uz.appeals.kinds.key).check();
  await panel.getByLabel(uz.appeals.text).fill("«xato 1.1» javobi ham to'g'ri: masala shartida ikkala yechim mumkin.");
  await panel.getByTestId("appeal-send").click();
  await expect(panel.getByTestId("appeal-item")).toHaveAttribute("data-state", "pending");
  await screenshot(page, testInfo, "pupil-appeal-made");

  // Boris appeals the easy question in Russian; 10 000 characters are refused in Russian, and his text stays.
  const borisPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAt(borisPage, "/test-attempt", boris);
  await borisPage.goto(`/test-attempt/${boris.attemptId}?isAnswer=true&questionNumber=1&lang=ru`);
  const ruPanel = borisPage.getByTestId("appeals-panel");
  // The language's switch settles (the page drops ?lang= from its address) before the form is used.
  await expect(ruPanel).toHaveCount(1);
  await ruPanel.getByTestId("appeal-about").selectOption({ label: ru.appeals.questionNumber({ n: 1 }) });
  await ruPanel.getByLabel(ru.appeals.kinds.unclear).check();
  await ruPanel.getByLabel(ru.appeals.text).fill("я".repeat(10_000));
  await ruPanel.getByTestId("appeal-send").click();
  await expect(ruPanel.getByText(ru.validation.appealTextMax)).toBeVisible();
  await expect(ruPanel.getByTestId("appeal-item")).toHaveCount(0);
  await ruPanel.getByLabel(ru.appeals.text).fill("Условие вопроса можно понять двумя способами.");
  await ruPanel.getByTestId("appeal-send").click();
  await expect(ruPanel.getByTestId("appeal-item")).toHaveAttribute("data-state", "pending");
  await screenshot(borisPage, testInfo, "pupil-appeal-made-ru");

  // The organiser: the hard question's appeal is accepted (its "xato 1.1" is correct too), the easy one's rejected.
  await page.context().clearCookies();
  await signInAt(page, `/admin/tests/${olympiad.testId}/appeals`, ORGANISER);
  const groups = page.getByTestId("question-appeals");
  await expect(groups).toHaveCount(2);
  await screenshot(page, testInfo, "organiser-appeals");
  const hard = groups.filter({ hasText: "masala shartida" });
  await hard.getByLabel(/Yana bir javobni to'g'ri deb topish/).check();
  // The choices are listed by letter and text; the form picks one by its letter.
  const alsoCorrect = await hard.getByTestId("choice").filter({ hasText: "xato 1.1" }).getAttribute("data-choice-id");
  await hard.locator('select[name="choiceId"]').selectOption(alsoCorrect ?? "");
  await hard.locator('textarea[name="reason"]').fill("Masala shartida ikkala javob ham to'g'ri.");
  await hard.locator('textarea[name="reasonRu"]').fill("По условию задачи верны оба ответа.");
  // A decision that regrades shows first whom it moves (nothing saved yet), then is applied.
  await hard.getByTestId("decide").click();
  const dryRun = hard.getByTestId("decision-dry-run");
  await expect(dryRun.getByTestId("regrade-changes")).toContainText("Karimova Aziza");
  const beforeApplied = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json();
  expect(beforeApplied.items.find((r: { fullName: string }) => r.fullName === "Karimova Aziza").totalScore).toBe(1);
  await screenshot(page, testInfo, "organiser-decision-dry-run");
  await hard.getByTestId("decide").click();
  await expect(hard.getByTestId("decide")).toHaveCount(0);
  const easy = groups.filter({ hasText: "двумя способами" });
  await easy.getByLabel(/Rad etish/).check();
  await easy.locator('textarea[name="reason"]').fill("Savol sharti aniq: faqat bitta javob to'g'ri.");
  await easy.locator('textarea[name="reasonRu"]').fill("Условие однозначно: верен только один ответ.");
  await easy.getByTestId("decide").click();
  await expect(easy.getByTestId("decide")).toHaveCount(0);

  // The scores and the ranking moved, with the list's hash: Aziza 1 → 3.5, Boris 2.5 → 5, Dilnoza keeps 4.
  const decided = await preview();
  expect(decided.topHash).not.toBe(before.topHash);
  const results = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json();
  expect(results.items.map((r: { fullName: string; totalScore: number; rank: number }) => [r.fullName, r.totalScore, r.rank])).toEqual([
    ["Ivanov Boris", 5, 1],
    ["Yusupova Dilnoza", 4, 2],
    ["Karimova Aziza", 3.5, 3],
  ]);

  // Each pupil reads the decision, and why their score moved, in their language.
  await page.context().clearCookies();
  await signInAt(page, "/test-attempt", aziza);
  await expect(page.getByTestId("score-change")).toContainText(uz.appeals.scoreChanged({ from: "1,0", to: "3,5" }));
  await expect(page.getByTestId("score-change")).toContainText("Masala shartida ikkala javob ham to'g'ri.");
  await expect(page.getByTestId("list-state")).toContainText(uz.appeals.provisional);
  await screenshot(page, testInfo, "pupil-result-after-decision");
  await borisPage.goto("/test-attempt?lang=ru");
  await expect(borisPage.getByTestId("appeal-outcome")).toContainText(ru.appeals.outcomes.reject);
  await expect(borisPage.getByTestId("appeal-outcome")).toContainText("Условие однозначно: верен только один ответ.");
  await expect(borisPage.getByTestId("score-change")).toContainText("По условию задачи верны оба ответа.");
  await screenshot(borisPage, testInfo, "pupil-result-after-decision-ru");

  // The family's page (the registration link) in Russian: the result out of the maximum, still
  // provisional, the card pointing to it, the decision and the certificate's address.
  const family = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await family.goto(`/register/${boris.guid}?lang=ru`);
  await expect(family.getByTestId("family-score")).toHaveText("5,0 / 5,0");
  await expect(family.getByText(ru.registration.tested)).toBeVisible();
  await expect(family.getByTestId("list-state")).toHaveAttribute("data-state", "provisional");
  await expect(family.getByTestId("list-state")).toContainText(ru.appeals.provisional);
  // Each decision once: with its appeal, not again under the result.
  await expect(family.getByTestId("appeal-decision")).toHaveCount(1);
  await expect(family.getByTestId("appeal-decision")).toContainText(ru.appeals.outcomes.reject);
  await expect(family.getByTestId("appeal-outcome")).toHaveCount(0);
  await expect(family.getByTestId("family-certificate")).toContainText(`/cert/${boris.username}`);
  await expect(family.getByTestId("second-stage")).toHaveCount(0);
  await screenshot(family, testInfo, "family-result-provisional-ru");

  // The appeal period passes on the server's clock.
  const moved = await request.post("/api/test-support/clock", {
    headers: { Authorization: `Bearer ${testSupportToken}` },
    data: { aheadMs: Date.parse(decided.status.appealsCloseAt) - Date.now() + 60_000 },
  });
  expect(moved.status()).toBe(200);
  // An appeal now is refused in the pupil's language; the page offers no form.
  const late = await boris.session.post("/api/TestAttempts/Appeals", {
    headers: { "accept-language": "ru" },
    data: { testAttemptQuestionId: null, kind: "result", text: "Поздно" },
  });
  expect(await late.json()).toMatchObject({ code: 4013, message: ru.codes[4013] });
  await borisPage.goto(`/test-attempt/${boris.attemptId}?isAnswer=true&lang=ru`);
  await expect(borisPage.getByTestId("appeals-panel")).toContainText(ru.appeals.closed);
  await expect(borisPage.getByTestId("appeal-send")).toHaveCount(0);

  // The organiser finalises the list, with the counts in the confirmation.
  await page.context().clearCookies();
  await signInAt(page, `/admin/tests/${olympiad.testId}/appeals`, ORGANISER);
  await page.getByTestId("finalise").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(decided.topHash);
  await screenshot(page, testInfo, "organiser-finalise-confirm");
  await dialog.getByTestId("finalise-confirm").click();
  await expect(page.getByTestId("list-status")).toContainText(decided.topHash);
  const final = await preview();
  expect(final.status.state).toBe("final");

  // The district's protocol, printed by Chromium to A4, in Russian.
  await page.goto(`/admin/tests/${olympiad.testId}/protocol?district=${DISTRICT}&language=ru`);
  const sheet = page.getByTestId("protocol-district");
  await expect(sheet).toHaveCount(1);
  await expect(sheet).toContainText("Ivanov Boris");
  await expect(sheet).toContainText(decided.topHash);
  await expect(sheet.locator("svg")).toHaveCount(1); // the QR code
  await screenshot(page, testInfo, "organiser-protocol-ru");
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  writeFileSync(testInfo.outputPath("protocol.pdf"), pdf);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });

  // The public check of the list: names and scores, nothing else about the pupils.
  const visitor = await browser.newPage();
  await visitor.goto(`/lists/${decided.topHash}?district=${DISTRICT}`);
  const rows = visitor.getByTestId("final-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Ivanov Boris");
  await expect(visitor.getByTestId("final-list")).not.toContainText(aziza.username);
  await screenshot(visitor, testInfo, "public-final-list");

  // A pupil of the top five reads the second-stage line on the result and certificate pages.
  await page.context().clearCookies();
  await signInAt(page, "/test-attempt", aziza);
  await expect(page.getByTestId("second-stage")).toContainText(uz.appeals.secondStage);
  await expect(page.getByTestId("list-state")).toBeVisible();
  await screenshot(page, testInfo, "pupil-result-second-stage");
  await visitor.goto(`/cert/${dilnoza.username}`);
  await expect(visitor.getByTestId("second-stage")).toBeVisible();
  await screenshot(visitor, testInfo, "certificate-second-stage");
  // The family's page after the finalisation, in Ўзбекча: final since when, and the second stage.
  await family.goto(`/register/${aziza.guid}?lang=uz-Cyrl`);
  await expect(family.getByTestId("list-state")).toHaveAttribute("data-state", "final");
  await expect(family.getByTestId("second-stage")).toHaveText(uzCyrl.appeals.familySecondStage);
  await expect(family.getByTestId("family-score")).toHaveText("3,5 / 5,0");
  await expect(family.getByText(uzCyrl.registration.tested)).toBeVisible();
  // The score's move is told to the parent as their child's, not as their own.
  await expect(family.getByTestId("score-change")).toContainText(uzCyrl.appeals.familyScoreChanged({ from: "1,0", to: "3,5" }));
  // The decision's reason is said once on the page: with the appeal, not again under the score's move.
  await expect(family.getByTestId("parent-appeals").getByText(/Масала шартида иккала жавоб ҳам тўғри/)).toHaveCount(1);
  await screenshot(family, testInfo, "family-result-final-uz-Cyrl");
  // The parent's link shows the appeals and their decisions too.
  await visitor.goto(`/register/${aziza.guid}`);
  await expect(visitor.getByTestId("parent-appeals").getByTestId("appeal-decision")).toContainText(
    "Masala shartida ikkala javob ham to'g'ri.",
  );
  // And the chat-bot reads it by the registration.
  const bot = await request.get(`/api/bot/registrations/${aziza.guid}`, { headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } });
  expect((await bot.json()).secondStage).toMatchObject({ state: "final", selected: true });
  await Promise.all([borisPage.close(), visitor.close(), family.close(), organiser.dispose()]);
});

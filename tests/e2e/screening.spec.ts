// The answer-copying screening in Chromium, end to end: two pupils take a test on one device (a
// pair the screening always lists), the organiser screens the test, opens the pair's evidence
// sheet, voids one attempt with a reason; the ranking, the certificate and that pupil's result
// page change, and the other pupil's do not. Screenshots of the list and the evidence sheet.
import { request as playwrightRequest } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

type AttemptView = { questions: { testAttemptQuestionId: number; questionChoices: { questionChoiceId: number; text: string }[] }[] };

test("an organiser screens a test, voids a copied attempt on its evidence, and the ranking, certificate and result follow", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 4, medium: 4, hard: 4 }, bankPerDifficulty: 4 });
  const source = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Sardor", lastName: "Manbayev" } });
  const copier = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Kamol", lastName: "Nusxayev" } });

  // One device (one cookie jar) for both: the second sign-in keeps the device the first one made.
  const device = await playwrightRequest.newContext({ baseURL });
  const attempts: number[] = [];
  for (const pupil of [source, copier]) {
    expect((await device.post("/api/Identity/Login", { data: { username: pupil.username, password: pupil.password } })).ok()).toBe(true);
    const { attemptId } = await (await device.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const view: AttemptView = await (await device.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    for (const q of view.questions) {
      const choice = q.questionChoices.find((c) => c.text.endsWith(".1"))!; // the same wrong choice everywhere
      expect(
        (
          await device.post("/api/TestAttempts/Answer", {
            data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: choice.questionChoiceId },
          })
        ).ok(),
      ).toBe(true);
    }
    expect((await device.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).ok()).toBe(true);
    expect((await device.post("/api/Identity/Logout")).status()).toBeLessThan(500);
    attempts.push(attemptId);
  }
  await device.dispose();
  const [attemptA, attemptB] = [...attempts].sort((x, y) => x - y);

  // Before: both certificates verify.
  const visitor = await browser.newPage();
  for (const pupil of [source, copier]) {
    await visitor.goto(`/cert/${pupil.username}`);
    await expect(visitor.getByTestId("certificate")).toBeVisible();
  }

  // The organiser screens the test: the pair is listed for its shared device.
  await signInAt(page, `/admin/tests/${olympiad.testId}/screening`, ORGANISER);
  await expect(page.getByTestId("screening-never")).toBeVisible();
  await page.getByTestId("screening-run").click();
  const row = page.getByTestId(`pair-${attemptA}-${attemptB}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Bir qurilma");
  await expect(row).toContainText("Qaror qabul qilinmagan");
  // At 1280 px beside the open menu every column is on screen, the decision last.
  if (testInfo.project.name === "desktop") {
    const decision = (await row.getByText("Qaror qabul qilinmagan").boundingBox())!;
    expect(decision.x + decision.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await screenshot(page, testInfo, "organiser-screening-list");

  // The evidence sheet: both pupils, the twelve shared questions with identical wrong answers, the timelines, the overlap.
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Juftlik dalillari" })).toBeVisible();
  await expect(page.getByTestId("pair-pupils")).toContainText("Nusxayev Kamol");
  await expect(page.getByTestId("pair-questions").locator("li")).toHaveCount(12);
  await expect(page.getByTestId("pair-questions")).toContainText("Bir xil xato");
  await expect(page.getByTestId("pair-overlaps")).toContainText("Bir qurilma: 1");
  // The drawing for this screen's width (a phone has its own, narrower one).
  await expect(page.getByTestId("save-timeline").locator("svg:visible circle")).toHaveCount(24);
  await screenshot(page, testInfo, "organiser-evidence-sheet");

  // A decision needs its reason; then the copier's attempt is voided.
  const form = page.getByTestId("decision-form");
  await form.getByLabel("Nusxayev Kamol urinishini bekor qilish").check();
  await form.getByRole("button", { name: "Qarorni saqlash" }).click();
  await expect(form.getByText("Sababini yozing (kamida 3 ta belgi)")).toBeVisible();
  await form.getByLabel(/^Sabab/).fill("Bir qurilmadan, bir xil xato javoblar");
  await form.getByRole("button", { name: "Qarorni saqlash" }).click();
  await expect(page.getByText("Qaror saqlandi")).toBeVisible();
  await expect(page.getByTestId("last-decision")).toContainText("Nusxayev Kamol urinishi bekor qilindi");
  await expect(page.getByTestId("last-decision")).toContainText("Bir qurilmadan, bir xil xato javoblar");

  // The ranking: the copier is listed, unranked, with why; the source keeps a rank.
  await page.goto(`/admin/results?testId=${olympiad.testId}&q=Nusxayev`);
  await expect(page.getByTestId("results-table")).toContainText("Ko'chirish sababli tashkilotchi bekor qilgan: reytingda emas");
  await page.goto(`/admin/results?testId=${olympiad.testId}&q=Manbayev`);
  await expect(page.getByTestId("results-table")).not.toContainText("reytingda emas");

  // The certificate is withdrawn; the source's still verifies.
  await visitor.goto(`/cert/${copier.username}`);
  await expect(visitor.getByTestId("certificate")).toHaveCount(0);
  await expect(visitor.getByText("Sertifikat topilmadi")).toBeVisible();
  await visitor.goto(`/cert/${source.username}`);
  await expect(visitor.getByTestId("certificate")).toBeVisible();
  await visitor.close();

  // The copier's result page says the organiser voided it, in the pupil's language, and offers no certificate.
  const pupilPage = await browser.newPage();
  await signInAt(pupilPage, "/test-attempt", copier);
  await expect(pupilPage.getByTestId("voided")).toContainText("Tashkilotchi bu natijani bekor qildi");
  await expect(pupilPage.getByTestId("result")).not.toContainText("Sertifikatni olish");
  await screenshot(pupilPage, testInfo, "pupil-result-voided");
  await pupilPage.goto("/test-attempt?lang=ru");
  await expect(pupilPage.getByTestId("voided")).toContainText("Организатор аннулировал этот результат");
  await screenshot(pupilPage, testInfo, "pupil-result-voided-ru");
  await pupilPage.goto("/test-attempt?lang=uz-Cyrl");
  await expect(pupilPage.getByTestId("voided")).toContainText("Ташкилотчи бу натижани бекор қилди");
  await screenshot(pupilPage, testInfo, "pupil-result-voided-uz-Cyrl");
  await pupilPage.close();

  // The screening's pages and the item statistics in the console's other languages.
  const titles = {
    ru: { sheet: "Улики по паре", list: "Проверка на списывание", items: "Статистика вопросов" },
    "uz-Cyrl": { sheet: "Жуфтлик далиллари", list: "Кўчиришни текшириш", items: "Саволлар статистикаси" },
  };
  for (const [lang, title] of Object.entries(titles)) {
    await page.goto(`/admin/tests/${olympiad.testId}/screening?lang=${lang}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title.list);
    await screenshot(page, testInfo, `organiser-screening-list-${lang}`);
    await page.goto(`/admin/tests/${olympiad.testId}/screening/${attemptA}-${attemptB}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title.sheet);
    await screenshot(page, testInfo, `organiser-evidence-sheet-${lang}`);
    await page.goto(`/admin/tests/${olympiad.testId}/items`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title.items);
    await screenshot(page, testInfo, `organiser-item-statistics-${lang}`);
  }
  await page.goto(`/admin/tests/${olympiad.testId}/items?lang=uz`);
  await screenshot(page, testInfo, "organiser-item-statistics-uz");
});

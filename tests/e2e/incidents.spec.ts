// Incidents (issue 26) in Chromium: the organiser, in the console's "Nosozliklar", gives every
// running attempt of a test extra minutes and the pupil's open clock grows without a reload; a
// notice appears on the open start and attempt pages without a reload (each page asks for the
// notices every 20 s), and on /holat.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt, startAttempt } from "../support/ui";

/** The timer's seconds. */
const secondsOn = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId("timer").textContent())!.split(":").map(Number);
  return h * 3600 + m * 60 + s;
};

/** The organiser's console in a browser of its own. */
async function console_(browser: Browser, path: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAt(page, path, ORGANISER);
  return { page, close: () => context.close() };
}

test("extra minutes for a whole test from the console: the open attempt's clock grows, without a reload", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const listening = page.waitForResponse("**/api/TestAttempts/Events");
  await startAttempt(page, pupil, olympiad.pinCode);
  await listening;
  await expect(page.getByRole("radio").first()).toBeEnabled();
  const before = await secondsOn(page);

  const organiser = await console_(browser, "/admin/incidents");
  const form = organiser.page.getByTestId("extra-time-form");
  await form.getByLabel("Test").selectOption(String(olympiad.testId));
  await form.getByLabel("Daqiqa").fill("0");
  await form.getByRole("button", { name: "Vaqt qo'shish" }).click();
  // Checked in the form, in the organiser's language, nothing sent.
  await expect(form.getByText("Qo'shimcha vaqt 1 dan 120 daqiqagacha bo'lishi kerak")).toBeVisible();
  await expect(form.getByText("Sababini yozing (kamida 3 ta belgi)")).toBeVisible();
  await form.getByLabel("Daqiqa").fill("6");
  await form.getByLabel("Sabab").fill("Sayt 6 daqiqa ishlamadi");
  await screenshot(organiser.page, testInfo, "console-incidents");
  await form.getByRole("button", { name: "Vaqt qo'shish" }).click();
  await expect(organiser.page.getByText("1 ta urinishga 6 daqiqa qo'shildi")).toBeVisible();

  await expect(page.getByText("Tashkilotchi vaqtingizni 6 daqiqaga uzaytirdi")).toBeVisible();
  await expect.poll(() => secondsOn(page)).toBeGreaterThan(before + 5 * 60);
  await screenshot(page, testInfo, "attempt-extended-for-all");
  await organiser.close();
});

test("a notice reaches the open start page and attempt page without a reload, and /holat", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const [waiting, testing] = [
    await newPupil(request, { subjectId: olympiad.subjectId }),
    await newPupil(request, { subjectId: olympiad.subjectId }),
  ];
  await signInAt(page, "/test-attempt", waiting);
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toBeVisible();
  const attemptContext = await browser.newContext({ ...test.info().project.use, baseURL: test.info().project.use.baseURL });
  const attemptPage = await attemptContext.newPage();
  await startAttempt(attemptPage, testing, olympiad.pinCode);
  await expect(attemptPage.getByRole("radio").first()).toBeEnabled();

  const mark = randomUUID().slice(0, 8);
  const uz = `Sayt 10:40 dan 10:44 gacha ishlamadi, hammaga 5 daqiqa qo'shildi (${mark})`;
  const ru = `Сайт не работал с 10:40 до 10:44, всем добавлено 5 минут (${mark})`;
  // Each page's own asking brings the notice (a page asks every 20 s, and the answer is a copy of a
  // few seconds): waited for from before it is posted.
  const told = (open: Page) =>
    open.waitForResponse(
      async (response) => new URL(response.url()).pathname === "/api/notices" && (await response.text()).includes(mark),
      { timeout: 60_000 },
    );
  const bothTold = Promise.all([told(page), told(attemptPage)]);
  bothTold.catch(() => {}); // awaited below: a failure before then is the test's, not reported twice
  const organiser = await console_(browser, "/admin/incidents");
  const form = organiser.page.getByTestId("notice-form");
  await form.getByLabel("Matn (o'zbekcha, lotin)").fill(uz);
  await form.getByLabel("Matn (русский)").fill(ru);
  await form.getByRole("button", { name: "E'lon qilish" }).click();
  await expect(organiser.page.getByTestId("current-notices").getByText(uz)).toBeVisible();
  try {
    // Neither page reloads: the banner comes by itself.
    await bothTold;
    await expect(page.getByTestId("notices").getByText(uz)).toBeVisible();
    await expect(attemptPage.getByTestId("notices").getByText(uz)).toBeVisible();
    await screenshot(page, testInfo, "start-page-notice");
    await screenshot(attemptPage, testInfo, "attempt-page-notice");

    await page.goto("/holat");
    await expect(page.getByRole("heading", { name: "Holat" })).toBeVisible();
    await expect(page.getByText(uz)).toBeVisible();
    await screenshot(page, testInfo, "status-page");
    await page.goto("/holat?lang=ru");
    await expect(page.getByRole("heading", { name: "Состояние" })).toBeVisible();
    await expect(page.getByText(ru)).toBeVisible();
    await expect(page.getByText("Сайт работает как обычно.")).toBeVisible();
  } finally {
    // Notices are everyone's: the other journeys' pages must not carry this one.
    await organiser.page
      .getByTestId("current-notices")
      .locator("li", { hasText: uz })
      .getByRole("button", { name: "Olib tashlash" })
      .click();
    await expect(organiser.page.getByTestId("current-notices").getByText(uz)).toHaveCount(0);
    await organiser.close();
    await attemptContext.close();
  }
});

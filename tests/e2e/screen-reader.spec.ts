// What a screen reader meets on the attempt page (issue 27): the landmarks and labelled regions
// (the question, the reading text, the grid with each number's state in words, the timer), the
// saved state spoken politely as it changes, the timer speaking at 10, 5 and 1 minutes left and
// never every second, and formulas given as MathML. The page's accessibility tree is written
// beside the screenshots (tests/screenshots/aria/) for a person to read.
import { mkdir, writeFile } from "node:fs/promises";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, SIX_QUESTIONS } from "../support/http";
import { startAttempt } from "../support/ui";

test("the attempt page's landmarks, regions, states and formulas, as assistive technology gets them", async ({
  page,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, SIX_QUESTIONS);
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const path = await startAttempt(page, pupil, "4321");
  await page.getByRole("radio").nth(1).click();
  await expect(page.getByRole("status").filter({ hasText: "Barcha javoblar saqlandi" })).toBeVisible();
  await page.goto(`${path}?questionNumber=3`);
  await expect(page.getByRole("radio").first()).toBeEnabled();

  const main = page.getByRole("main");
  await expect(main.getByRole("timer", { name: "Qolgan vaqt" })).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(main.getByRole("region", { name: "3-savol (6 tadan)" })).toBeVisible();
  await expect(main.getByRole("radiogroup", { name: "3-savol (6 tadan)" }).getByRole("radio")).toHaveCount(4);
  await expect(main.getByRole("complementary", { name: "Matn" })).toContainText("Sinov matni");
  const grid = main.getByRole("navigation", { name: "Savollar" });
  await expect(grid.getByRole("button", { name: "1, javob berilgan" })).toBeVisible();
  await expect(grid.getByRole("button", { name: "2, javob berilmagan" })).toBeVisible();
  await expect(grid.getByRole("button", { name: /^3, / })).toHaveAttribute("aria-current", "step");
  // Formulas: KaTeX's MathML beside its HTML, the HTML hidden from the tree.
  await expect(page.locator(".katex math").first()).toBeAttached();
  await expect(page.locator(".katex-html").first()).toHaveAttribute("aria-hidden", "true");

  const tree = await page.locator("body").ariaSnapshot();
  await mkdir("tests/screenshots/aria", { recursive: true });
  await writeFile(`tests/screenshots/aria/attempt-${testInfo.project.name}.yml`, tree);
  for (const line of [
    '- timer "Qolgan vaqt"',
    '- region "3-savol (6 tadan)"',
    '- complementary "Matn"',
    '- navigation "Savollar"',
    "- status",
  ])
    expect(tree).toContain(line);
  expect(tree).toContain("math");

  // Offline, the saved state says so; back online, that all is saved.
  await page.context().setOffline(true);
  await page.getByRole("radio").nth(2).click();
  await expect(page.getByTestId("save-state")).toHaveRole("status");
  await expect(page.getByTestId("save-state")).toContainText("Aloqa yo'q");
  await page.context().setOffline(false);
  await expect(page.getByTestId("save-state")).toContainText("Barcha javoblar saqlandi", { timeout: 20_000 });
});

test("the timer speaks at 10, 5 and 1 minutes left, and not in between", async ({ page, request }) => {
  // An 11-minute test; the page's clock is the test's to move, the server's time kept away.
  const olympiad = await newOlympiad(request, { durationMinutes: 11, pinCode: "4321" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await page.clock.install();
  await startAttempt(page, pupil, "4321");
  const said = page.getByTestId("timer-announcement");
  await expect(page.getByTestId("timer")).toHaveText(/^00:10:5\d$/);
  await expect(said).toHaveRole("status");
  await expect(said).toHaveText("");
  await page.route("**/api/TestAttempts/GetRemainingTime**", (route) => route.abort());

  // Each second changes the clock's text, never what is said.
  await said.evaluate((element) => {
    const seen: string[] = [];
    new MutationObserver(() => seen.push(element.textContent ?? "")).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    (window as unknown as { spoken: string[] }).spoken = seen;
  });
  await page.clock.fastForward("00:59");
  await expect(page.getByTestId("timer")).toHaveText(/^00:09:5\d$/);
  await expect(said).toHaveText("10 daqiqa qoldi");
  await page.clock.fastForward("00:30");
  await expect(page.getByTestId("timer")).toHaveText(/^00:09:2\d$/);
  await page.clock.fastForward("05:00");
  await expect(said).toHaveText("5 daqiqa qoldi");
  await page.clock.fastForward("00:20");
  await expect(said).toHaveText(""); // emptied 15 s after
  await page.clock.fastForward("03:40");
  await expect(said).toHaveText("1 daqiqa qoldi");
  await expect(page.getByTestId("timer")).toHaveText(/^00:00:\d\d$/);
  // (Between them the region empties again, so that no one reads a stale mark later.)
  expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.filter(Boolean))).toEqual([
    "10 daqiqa qoldi",
    "5 daqiqa qoldi",
    "1 daqiqa qoldi",
  ]);
});

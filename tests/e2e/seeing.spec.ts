// For a pupil who needs the text larger or sees colours differently (issue 27): the pages reflow
// at 320 CSS px (400 % zoom of a 1280 px screen) and at 640 px (200 %) without scrolling sideways;
// the grid's and the review's states are told by a mark and by words, not by colour alone; and a
// device that asks for less motion gets none. (Contrast and tap targets: axe, accessibility.spec.ts.)
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, SIX_QUESTIONS } from "../support/http";
import { screenshot } from "../support/screens";
import { startAttempt } from "../support/ui";

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("every pupil's screen reflows at 320 and 640 CSS px, and the states are not told by colour alone @phone-only", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const olympiad = await newOlympiad(request, SIX_QUESTIONS);
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const widths = [320, 640];
  const reflows = async (name: string) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 720 });
      expect(await overflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 320) await screenshot(page, testInfo, `reflow-320-${name}`);
    }
  };

  await page.goto(`/register/${randomUUID()}`);
  await reflows("registration");
  await page.goto("/login");
  await reflows("login");
  const path = await startAttempt(page, pupil, "4321");
  await page.getByRole("radio").first().click();
  await expect(page.getByText("Barcha javoblar saqlandi")).toBeVisible();
  await page.goto(`${path}?questionNumber=3`);
  await expect(page.getByTestId("reading-text")).toBeVisible();
  await reflows("attempt");

  // Answered and unanswered differ by a mark, not only by colour.
  const grid = page.getByRole("navigation", { name: "Savollar" });
  await expect(grid.getByRole("button", { name: /^1, / })).toContainText("✓");
  await expect(grid.getByRole("button", { name: /^2, / })).not.toContainText("✓");

  await page.getByRole("button", { name: "Yakunlash" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yakunlash" }).click();
  await expect(page.getByText("Test natijasi")).toBeVisible();
  await reflows("result");
  await page.getByRole("link", { name: "Ko'rish" }).click();
  await expect(page.getByRole("button", { name: "Orqaga qaytish" })).toBeVisible();
  await reflows("review");
  // In review, right and wrong by a mark and a word as well as green and red.
  const first = grid.getByRole("button", { name: /^1, / });
  await expect(first).toHaveAccessibleName(/^1, (to'g'ri|noto'g'ri)$/);
  await expect(first).toContainText(/[✓✗]/);
  await expect(page.getByTestId("key")).toContainText("✓ To'g'ri javob");
  await page.goto(`/cert/${pupil.username}`);
  await reflows("certificate");
});

test("less motion when the device asks for it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Kirish" });
  expect(await button.evaluate((element) => getComputedStyle(element).transitionDuration)).toMatch(/^(1e-05s|0\.00001s|0s)$/);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await button.evaluate((element) => getComputedStyle(element).transitionDuration)).not.toMatch(/^(1e-05s|0\.00001s|0s)$/);
});

// Two tabs of one attempt (issue "the pupil on a cheap phone", Back and tabs): an answer saved in
// one is the saved answer in the other at once, so they never show two different saved answers
// to one question; "Yakunlash" in one ends the other too.
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { startAttempt } from "../support/ui";

const choice = (page: Page, index: number) => page.getByRole("radio").nth(index);

test("a second tab of the attempt shows the first tab's answers, and ends with it", async ({ page, context, request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  await expect(choice(page, 0)).toBeEnabled();

  const second = await context.newPage();
  await second.goto(page.url());
  await expect(choice(second, 0)).toBeEnabled();
  await expect(second.getByRole("radio", { checked: true })).toHaveCount(0);

  // The first tab answers: the second shows it saved, without a reload.
  await choice(page, 1).click();
  await expect(choice(page, 1)).toHaveAttribute("data-state", "saved");
  await expect(choice(second, 1)).toHaveAttribute("aria-checked", "true");
  await expect(choice(second, 1)).toHaveAttribute("data-state", "saved");

  // The second changes it: the first follows. One saved answer, the server's, in both.
  await second.bringToFront();
  await choice(second, 2).click();
  await expect(choice(second, 2)).toHaveAttribute("data-state", "saved");
  await expect(choice(page, 2)).toHaveAttribute("data-state", "saved");
  await expect(choice(page, 1)).toHaveAttribute("aria-checked", "false");
  for (const tab of [page, second]) await expect(tab.getByRole("radio", { checked: true })).toHaveCount(1);
  // …and it is the server's: a reload of the first brings the same.
  await page.reload();
  await expect(choice(page, 2)).toHaveAttribute("aria-checked", "true");
  await expect(choice(page, 2)).toBeEnabled();

  // "Yakunlash" in the first: the second leaves the attempt too. (The tab in front is the one the
  // pupil uses; a background tab's animations wait, as the browser's do.)
  await page.bringToFront();
  await page.getByRole("button", { name: "Yakunlash" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yakunlash" }).click();
  await page.waitForURL(/\/test-attempt$/);
  await second.waitForURL(/\/test-attempt$/);
});

// When the server is saturated at the opening, "Testni boshlash" shows a calm queue
// state (no error, no button) and tries again by itself until the attempt opens.
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { screenshot } from "../support/screens";
import { pressStart, refuseTwice, signInAt } from "../support/ui";

test("a saturated opening: the pupil waits in the queue and gets the first question without pressing again", async ({
  page,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  const refused = await refuseTwice(page, "**/api/TestAttempts/New");
  await pressStart(page, olympiad.pinCode);
  const queue = page.getByTestId("queue");
  await expect(queue).toContainText("Navbatdasiz");
  // The place and the wait the server measured, in words.
  await expect(page.getByTestId("queue-place")).toHaveText("Navbatdagi o'rningiz: 12. Taxminan 45 soniya kutasiz.");
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toHaveCount(0);
  await screenshot(page, testInfo, "start-queue");
  await page.waitForURL(/\/test-attempt\/\d+$/, { timeout: 20_000 });
  expect(refused()).toBe(2);
  await expect(page.getByTestId("timer")).toHaveText(/^01:(29|30):\d\d$/);
});

test("a saturated sign-in: the form waits in the queue, keeps the password and signs in by itself", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const refused = await refuseTwice(page, "**/api/Identity/Login", "Navbatdasiz");
  await page.goto("/login");
  await page.getByLabel("Login").fill(pupil.username);
  await page.getByLabel("Parol").fill(pupil.password);
  await page.getByRole("button", { name: "Kirish" }).click();
  await expect(page.getByTestId("queue")).toContainText("Navbatdasiz");
  await expect(page.getByTestId("queue-place")).toHaveText("Navbatdagi o'rningiz: 12. Taxminan 45 soniya kutasiz.");
  await expect(page.getByTestId("login-error")).toHaveCount(0);
  await expect(page.getByLabel("Parol")).toHaveValue(pupil.password);
  await screenshot(page, testInfo, "login-queue");
  await page.waitForURL(/\/test-attempt$/, { timeout: 20_000 });
  expect(refused()).toBe(2);
});

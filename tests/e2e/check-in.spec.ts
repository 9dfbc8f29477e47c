// Check-in: from its minutes before the opening the start page is a check-in room (the
// pupil is told they are checked in, with the device's checks, and their paper is drawn); before
// it, the page says when it opens. The organiser sees the checked in per region on the board, and
// in the test's form how long check-in must last for the pupils who paid.
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn, type TestPupil } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

/** A test opening in 30 minutes (its check-in, an hour long by default, has begun) and a pupil who paid for it. */
async function inCheckIn(request: APIRequestContext): Promise<{ subjectId: number; pupil: TestPupil }> {
  const olympiad = await newOlympiad(request, {
    openedAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    closedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return { subjectId: olympiad.subjectId, pupil: await newPupil(request, { subjectId: olympiad.subjectId }) };
}

/** The organiser's console at `path`, in a browser of its own. */
async function console_(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAt(page, path, ORGANISER);
  return { page, close: () => context.close() };
}

// The pupil's page, the board and the test's form are three tests: each short, whatever the machine.
test("check-in: the pupil is told they are checked in and what the device's checks found", async ({ page, request }, testInfo) => {
  const { pupil } = await inCheckIn(request);
  await signInAt(page, "/test-attempt", pupil);
  const room = page.getByTestId("check-in");
  await expect(room).toContainText("Kirishingiz qayd etildi");
  await expect(room).toContainText("da boshlanadi (Toshkent vaqti)");
  const checks = page.getByTestId("device-checks").locator("li");
  await expect(checks).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(checks.nth(i)).toHaveAttribute("data-ok", "true");
  await expect(checks.nth(0)).toHaveText(/Telefon soati server soati bilan mos/);
  await expect(checks.nth(2)).toHaveText(/Internet ishlayapti \(javob \d+ ms da keldi\)/);
  await expect(page.getByTestId("countdown")).toBeVisible();
  await expect(page.getByTestId("check-in-later")).toHaveCount(0);
  await screenshot(page, testInfo, "check-in");
});

test("check-in: the board counts the checked in on the subject's tile and per region", async ({ request, browser }, testInfo) => {
  const { subjectId, pupil } = await inCheckIn(request);
  // Checked in as the start page checks in: its allowance draws the pupil's paper.
  const session = await signedIn(pupil);
  expect((await session.get("/api/TestAttempts/AllowTestAttempt")).status()).toBe(200);
  await session.dispose();

  const admin = await console_(browser, "/admin?all=1");
  const tile = admin.page.locator(`[data-testid="board-${subjectId}"]`);
  await expect(tile.getByTestId("count-checkedIn")).toHaveText("1");
  await expect(tile).toContainText("Qayd etish:");
  const regions = admin.page.getByTestId("check-ins");
  await expect(regions).toContainText("Kirishi qayd etilganlar, hududlar bo'yicha");
  await expect(regions.getByRole("row").filter({ hasText: "Toshkent" }).first()).toBeVisible();
  await screenshot(admin.page, testInfo, "board-check-ins");
  await admin.close();
});

test("check-in: the test's form has its minutes, and how long it must last for the pupils who paid", async ({
  request,
  browser,
}, testInfo) => {
  const { subjectId } = await inCheckIn(request);
  const admin = await console_(browser, "/admin/tests?all=1");
  await admin.page.getByTestId(`test-row-${subjectId}`).getByRole("button", { name: "Tahrirlash" }).click();
  const form = admin.page.getByTestId("test-form");
  await expect(form.getByLabel(/^Kirishni qayd etish/)).toHaveValue("60");
  await expect(form.getByTestId("check-in-needed")).toContainText("1 o'quvchi uchun kirishni qayd etish kamida 1 daqiqa");
  await form.getByLabel(/^Kirishni qayd etish/).fill("0");
  await expect(form.getByTestId("check-in-needed")).toContainText("qayd etishni ertaroq oching");
  await form.getByLabel(/^Kirishni qayd etish/).fill("2000");
  await form.getByLabel("Sabab").fill("Qayd etish vaqti");
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(form.getByText("Kirishni qayd etish testdan 0 dan 1440 daqiqagacha oldin ochilishi mumkin")).toBeVisible();
  await screenshot(admin.page, testInfo, "test-form-check-in");
  await admin.close();
});

test("before check-in: the countdown says when check-in opens", async ({ page, request }) => {
  const later = await newOlympiad(request, {
    openedAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    closedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const pupil = await newPupil(request, { subjectId: later.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByTestId("check-in-later")).toContainText("Kirishni qayd etish");
  await expect(page.getByTestId("check-in-later")).toContainText("da boshlanadi (Toshkent vaqti)");
  await expect(page.getByTestId("check-in")).toHaveCount(0);
  await expect(page.getByTestId("countdown")).toBeVisible();
});

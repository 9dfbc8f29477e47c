// Issue 22: what the organiser does to a running attempt reaches the pupil's open page without a
// reload, and the page says in words what happened. Each act on a pupil of its own, the pupil's
// page open in Chromium, the organiser over the API. How soon it arrives is bench:live's figure.
import type { APIRequestContext } from "@playwright/test";
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, type Olympiad, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { settled, startAttempt } from "../support/ui";

const REASON = "Sinov";

let organiser: APIRequestContext;
test.beforeAll(async () => {
  organiser = await signedIn(ORGANISER);
});
test.afterAll(async () => organiser?.dispose());

/** A pupil on their attempt page, listening; the attempt's id. */
async function testing(page: Page, request: APIRequestContext): Promise<{ olympiad: Olympiad; userId: number; attemptId: number }> {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const listening = page.waitForResponse("**/api/TestAttempts/Events");
  const path = await startAttempt(page, pupil, olympiad.pinCode);
  await listening;
  await expect(page.getByRole("radio").first()).toBeEnabled();
  return { olympiad, userId: pupil.userId, attemptId: Number(path.split("/").at(-1)) };
}

/** The timer's seconds. */
const secondsOn = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId("timer").textContent())!.split(":").map(Number);
  return h * 3600 + m * 60 + s;
};

test("extra minutes: the clock moves at once and the pupil is told", async ({ page, request }, testInfo) => {
  const { userId } = await testing(page, request);
  const before = await secondsOn(page);
  expect((await organiser.put(`/api/admin/pupils/${userId}/extra-minutes`, { data: { minutes: 5, reason: REASON } })).status()).toBe(200);
  await expect(page.getByText("Tashkilotchi vaqtingizni 5 daqiqaga uzaytirdi")).toBeVisible();
  await expect.poll(() => secondsOn(page)).toBeGreaterThan(before + 4 * 60);
  await settled(page.locator("[data-sonner-toast]").filter({ hasText: "Tashkilotchi vaqtingizni 5 daqiqaga uzaytirdi" }));
  await screenshot(page, testInfo, "attempt-extended-by-organiser");
});

test("an earlier close: the clock shows the new close at once", async ({ page, request }) => {
  const { olympiad } = await testing(page, request);
  expect(await secondsOn(page)).toBeGreaterThan(60 * 60);
  const { items } = await (await organiser.get("/api/admin/tests")).json();
  const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
  const closedAt = new Date(Date.now() + 120_000).toISOString();
  const saved = await organiser.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
    data: {
      openedAt: new Date(Date.now() - 3_600_000).toISOString(),
      closedAt,
      pinCode: olympiad.pinCode,
      reason: "Erta yopish",
      confirmSubjectName: subjectName,
    },
  });
  expect(saved.status()).toBe(200);
  await expect.poll(() => secondsOn(page)).toBeLessThanOrEqual(120);
});

test("ended by the organiser: the page says so and shows the result; nothing waiting is called saved", async ({
  page,
  request,
}, testInfo) => {
  const { attemptId } = await testing(page, request);
  // An answer the server will not answer before the end: it must not turn "saved" afterwards.
  await page.route("**/api/TestAttempts/Answer", () => {});
  await page.getByRole("radio").first().click();
  await expect(page.getByRole("radio").first()).toHaveAttribute("data-state", "pending");
  expect((await organiser.post(`/api/admin/attempts/${attemptId}/end`, { data: { reason: REASON } })).status()).toBe(200);
  // Said at once: by the toast, and by the result if the page has already moved to it.
  await expect(page.getByText("Test tashkilotchi tomonidan yakunlandi").first()).toBeVisible();
  await page.waitForURL(/\/test-attempt$/);
  await expect(page.getByTestId("result")).toBeVisible();
  await expect(page.getByTestId("ended-by")).toHaveText("Test tashkilotchi tomonidan yakunlandi");
  await screenshot(page, testInfo, "result-ended-by-organiser");
  await expect(page.getByTestId("late-answers")).toHaveCount(0);
});

test("reset by the organiser: the page says the attempt was reopened and goes to the start", async ({ page, request }) => {
  const { attemptId } = await testing(page, request);
  expect((await organiser.post(`/api/admin/attempts/${attemptId}/reset`, { data: { reason: REASON } })).status()).toBe(200);
  await expect(page.getByText("Urinishingiz qayta ochildi")).toBeVisible();
  await page.waitForURL(/\/test-attempt$/);
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toBeVisible();
});

test("a new password: the page says to sign in again and goes to the sign-in, back to the attempt after", async ({ page, request }) => {
  const { userId, attemptId } = await testing(page, request);
  expect((await organiser.post(`/api/admin/pupils/${userId}/password`, { data: { reason: REASON } })).status()).toBe(200);
  await expect(page.getByText("Parolingiz yangilandi, qayta kiring")).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnUrl") === `/test-attempt/${attemptId}`);
});

test("blocked: the page says so and leaves the attempt", async ({ page, request }) => {
  const { userId } = await testing(page, request);
  const blocked = await organiser.put(`/api/admin/pupils/${userId}/blocked`, { data: { blocked: true, reason: REASON } });
  expect(blocked.status()).toBe(200);
  await expect(page.getByText("Sizning akkauntingiz tashkilotchi tomonidan bloklangan", { exact: false })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/login");
});

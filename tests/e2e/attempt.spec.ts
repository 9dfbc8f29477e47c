// A pupil takes the test (spec §2 start and attempt pages, §4): PIN, answers, moving
// between questions, a reload, going offline (the outbox), finishing, the result and the review.
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, SIX_QUESTIONS } from "../support/http";
import { screenshot } from "../support/screens";
import { clockSeen, recordClock, signInAt, startAttempt } from "../support/ui";

const choice = (page: Page, index: number) => page.getByRole("radio").nth(index);
const gridButton = (page: Page, n: number) =>
  page.getByRole("navigation", { name: "Savollar" }).getByRole("button", { name: new RegExp(`^${n}\\b`) });

test("start with the PIN, answer, reload, go offline, finish, see the result and review", async ({ page, request, context }, testInfo) => {
  // A bank of exactly the counts: both medium questions (3 and 4) are on the reading text.
  const olympiad = await newOlympiad(request, SIX_QUESTIONS);
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);

  // Before the start: the minutes, the questions, the closing time in Tashkent, three rules.
  const beforeStart = page.getByTestId("before-start");
  await expect(beforeStart).toContainText("90 daqiqa");
  await expect(beforeStart).toContainText("6 ta");
  await expect(beforeStart).toContainText(/Test yopiladi:\s*\d\d\.\d\d\.\d{4} \d\d:\d\d \(Toshkent vaqti\)/);
  await expect(beforeStart.getByRole("listitem")).toHaveCount(3);

  // Start: the PIN modal; blank cannot be sent, a wrong PIN is refused.
  await screenshot(page, testInfo, "start");
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  const dialog = page.getByRole("dialog", { name: "Pin kodni kiriting" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Boshlash" })).toBeDisabled();
  await dialog.getByLabel("Pin kod", { exact: true }).fill("0000");
  await dialog.getByRole("button", { name: "Boshlash" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Pin kod noto'g'ri");
  await screenshot(page, testInfo, "start-pin-wrong");
  await dialog.getByLabel("Pin kod", { exact: true }).fill("4321");
  await dialog.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  const attemptId = Number(new URL(page.url()).pathname.split("/").pop());

  // The attempt page: the clock from the server, the watermark, the pupil's card, question 1.
  await expect(page.getByTestId("timer")).toHaveText(/^01:(29|30):\d\d$/);
  await expect(page.getByTestId("timer")).not.toHaveAttribute("data-warning", "true");
  await expect(page.getByTestId("watermark")).toHaveAttribute("data-attempt-id", String(attemptId));
  await expect(page.getByTestId("attempt-user")).toContainText("Oquvchi Test Sinovovich");
  await expect(page.getByText("1-savol (6 tadan)")).toBeVisible();
  await expect(page.locator(".katex").first()).toBeVisible(); // the formula is typeset
  // …by the server: no raw TeX in the page, ever (the browser gets no KaTeX script for it).
  await expect(page.locator("body")).not.toContainText(/\\\(|\$\$/, { useInnerText: true });
  await expect(choice(page, 0)).toContainText("A");
  await expect(choice(page, 3)).toContainText("D");
  await screenshot(page, testInfo, "question-1");

  // Answer, move on, answer again: each confirmed by the server.
  await choice(page, 1).click();
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "answered");
  await page.getByRole("button", { name: "Keyingi" }).click();
  await expect(page).toHaveURL(/questionNumber=2/);
  await choice(page, 0).click();
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  await page.getByRole("button", { name: "Oldingi" }).click();
  await expect(page.getByText("1-savol (6 tadan)")).toBeVisible();

  // A question on the reading text shows the text beside it.
  await gridButton(page, 3).click();
  await expect(page.getByTestId("reading-text")).toContainText("Sinov matni");
  await screenshot(page, testInfo, "reading-text");
  if (testInfo.project.name === "desktop") {
    await page.getByTestId("toggle-panel").click();
    await expect(page.getByTestId("reading-text")).toBeHidden();
    await page.getByTestId("toggle-panel").click();
  }

  // A reload keeps the answers and the clock, which never shows more than the server says: what it
  // shows is the server's whole seconds less every second begun since they were asked for
  // (components/attempts/timer.tsx). The server is asked here before the reload, so every text the
  // clock shows from the reload's first paint on is at most this answer, however late a tick comes.
  const remainingNow = async (): Promise<number> =>
    (await (await page.request.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).json()).remainingTime;
  const before = await remainingNow();
  await recordClock(page);
  await page.reload();
  await expect(page.getByTestId("timer")).not.toHaveText("00:01:00");
  // The clock runs: drawn more than once since the reload.
  await expect.poll(async () => (await clockSeen(page)).length).toBeGreaterThan(1);
  const seen = await clockSeen(page);
  const seconds = (clock: string) => clock.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  expect(seen).not.toContain("00:01:00");
  for (const shown of seen) expect(seconds(shown), shown).toBeLessThanOrEqual(before);
  // It counts from the server's time, not from the test's whole 90 minutes: the last text shown is
  // below the server's answer asked after it by no more than the page's own request and render.
  expect(seconds(seen.at(-1)!)).toBeGreaterThan((await remainingNow()) - 60);
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "answered");
  await expect(gridButton(page, 2)).toHaveAttribute("data-state", "answered");

  // Offline: the answer waits on the phone, visibly unsaved; back online it is saved.
  await gridButton(page, 4).click();
  await context.setOffline(true);
  await choice(page, 2).click();
  await expect(page.getByTestId("save-state")).toHaveText(/Internet aloqasi yo'q\. 1 ta javob/);
  await expect(gridButton(page, 4)).toHaveAttribute("data-state", "pending");
  expect(await page.evaluate((id) => localStorage.getItem(`olimpiada.outbox.${id}`), attemptId)).toMatch(/^\{"\d+":\[\d+,\d+\]\}$/);
  await screenshot(page, testInfo, "offline");
  await context.setOffline(false);
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 20_000 });
  await expect(gridButton(page, 4)).toHaveAttribute("data-state", "answered");

  // A reload with an answer the server never confirmed shows it pending, then sends it.
  await page.route("**/api/TestAttempts/Answer", (route) => route.abort("connectionfailed"));
  await gridButton(page, 5).click();
  await choice(page, 3).click();
  await expect(gridButton(page, 5)).toHaveAttribute("data-state", "pending");
  await page.reload();
  await expect(gridButton(page, 5)).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("save-state")).not.toHaveText(/Barcha javoblar saqlandi/);
  await page.unroute("**/api/TestAttempts/Answer");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(gridButton(page, 5)).toHaveAttribute("data-state", "answered", { timeout: 20_000 });

  // A question number that is not there.
  await page.goto(`/test-attempt/${attemptId}?questionNumber=99`);
  await expect(page.getByTestId("question-not-found")).toHaveText("Savol topilmadi");

  // Finish: the dialog counts the unanswered questions (3 and 6).
  await page.getByRole("button", { name: "Yakunlash" }).first().click();
  const confirm = page.getByRole("dialog", { name: "Rostdan ham testni yakunlamoqchimisiz?" });
  await expect(confirm).toContainText("Siz 2 ta savolga javob bermadingiz!");
  await screenshot(page, testInfo, "finish-dialog");
  await confirm.getByRole("button", { name: "Yakunlash" }).click();
  await page.waitForURL(/\/test-attempt$/);

  // The result: the score out of the test's maximum (a decimal comma), the time spent, "Ko'rish".
  await expect(page.getByTestId("score")).toHaveText(/^\d+,\d \/ 10,0$/);
  await expect(page.getByTestId("time-spent")).toHaveText(/^00:0\d:\d\d$/);
  await screenshot(page, testInfo, "result");

  // Review: read-only, no clock (a stopped 00:00:00 reads as "time is up"), unanswered questions closed.
  await page.getByRole("link", { name: "Ko'rish" }).click();
  await page.waitForURL(/isAnswer=true/);
  await expect(page.getByRole("button", { name: "Orqaga qaytish" })).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(choice(page, 0)).toBeDisabled();
  await expect(gridButton(page, 6)).toBeDisabled();
  await screenshot(page, testInfo, "review");
  await page.goto(`/test-attempt/${attemptId}?isAnswer=true&questionNumber=6`);
  await expect(page.getByText("Javob berilmagan")).toBeVisible();
  await page.getByRole("button", { name: "Orqaga qaytish" }).click();
  await page.waitForURL(/\/test-attempt$/);
});

test("the PIN modal blocks the attempt page on a device with no PIN stored", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "8642" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill("8642");
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);

  await page.evaluate(() => localStorage.removeItem("pinCode"));
  await page.reload();
  const gate = page.getByRole("dialog", { name: "Pin kodni kiriting" });
  await expect(gate).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(gate).toBeVisible();
  await gate.getByLabel("Pin kod", { exact: true }).fill("1111");
  await gate.getByRole("button", { name: "Tasdiqlash" }).click();
  await expect(gate.getByRole("alert")).toHaveText("Pin kod noto'g'ri");
  await expect(gate.getByLabel("Pin kod", { exact: true })).toHaveValue("");
  await screenshot(page, testInfo, "attempt-pin-gate");
  await gate.getByLabel("Pin kod", { exact: true }).fill("8642");
  await gate.getByRole("button", { name: "Tasdiqlash" }).click();
  await expect(gate).toBeHidden();
  // Back on the start page, the unfinished attempt is resumed automatically.
  await page.goto("/test-attempt");
  await page.waitForURL(/\/test-attempt\/\d+$/);
});

test("before the opening: the countdown, and the start button once it reaches zero", async ({ page, request }, testInfo) => {
  const later = await newOlympiad(request, {
    openedAt: new Date(Date.now() + 86_400_000 + 2 * 3_600_000).toISOString(),
    closedAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const waiting = await newPupil(request, { subjectId: later.subjectId });
  await signInAt(page, "/test-attempt", waiting);
  await expect(page.getByText("Test ochilishiga qoldi:")).toBeVisible();
  await expect(page.getByTestId("countdown")).toContainText("KUN");
  await expect(page.getByTestId("countdown")).toContainText("SOAT");
  await expect(page.getByTestId("countdown")).toContainText("DAQIQA");
  await expect(page.getByTestId("countdown")).toContainText("SONIYA");
  await expect(page.getByTestId("countdown").locator("span").first()).toHaveText("01");
  await screenshot(page, testInfo, "countdown");

  const soon = await newOlympiad(request, {
    openedAt: new Date(Date.now() + 6_000).toISOString(),
    closedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const eager = await newPupil(request, { subjectId: soon.subjectId });
  await page.context().clearCookies();
  await signInAt(page, "/test-attempt", eager);
  await expect(page.getByTestId("countdown")).toBeVisible();
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toBeVisible({ timeout: 20_000 });
});

// One device is enough for a 30-second wait: the desktop project leaves out @phone-only.
test("under five minutes the clock is red, and at zero the attempt ends by itself @phone-only", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, {
    counts: { easy: 1, medium: 1, hard: 1 },
    pinCode: "1212",
    closedAt: new Date(Date.now() + 30_000).toISOString(),
  });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill("1212");
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  await expect(page.getByTestId("timer")).toHaveAttribute("data-warning", "true");
  await expect(page.getByTestId("timer")).toHaveClass(/text-red-600/);
  await choice(page, 0).click();
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  await screenshot(page, testInfo, "timer-red");
  await page.waitForURL(/\/test-attempt$/, { timeout: 60_000 });
  await expect(page.getByTestId("result")).toBeVisible();
});

test("review before the key may be shown: the chosen answer is only 'tanlangan', never red or green", async ({
  page,
  request,
}, testInfo) => {
  // The default policy (afterClose): the window is still open, so no key in review.
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, reviewPolicy: "afterClose" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  await choice(page, 1).click();
  await expect(choice(page, 1)).toHaveAttribute("data-state", "saved");
  await page.getByRole("button", { name: "Yakunlash" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Yakunlash" }).click();
  await page.waitForURL(/\/test-attempt$/);
  await page.getByRole("link", { name: "Ko'rish" }).click();
  await page.waitForURL(/isAnswer=true/);
  await expect(choice(page, 1)).toContainText("tanlangan");
  for (let i = 0; i < 4; i++) await expect(choice(page, i)).not.toHaveClass(/red|green/);
  await screenshot(page, testInfo, "review-before-key");
});

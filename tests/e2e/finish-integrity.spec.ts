// No answer lost at "Yakunlash": on a slow phone an answer still on its way is
// awaited before Finish, by the pupil's hand and by the clock; one the server refused as too late
// is never shown as saved, and the result says how many there were.
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

/**
 * Every answer is held on its way, as on a weak mobile signal, until `release` is called. `order`
 * lists, as they happen, each answer the server has answered ("answer") and each Finish the page
 * asks for ("finish").
 */
async function heldAnswers(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const order: string[] = [];
  await page.route("**/api/TestAttempts/Answer", async (route) => {
    await held;
    await route.continue();
  });
  page.on("requestfinished", (request) => {
    if (request.url().includes("/api/TestAttempts/Answer")) order.push("answer");
  });
  page.on("request", (request) => {
    if (request.url().includes("/api/TestAttempts/Finish")) order.push("finish");
  });
  return { release, order };
}

/** The page asked for Finish only once the answers had reached the server: some, and none after it. */
const answersFirst = (order: string[]) => order.includes("answer") && order.indexOf("finish") > order.lastIndexOf("answer");

async function startTest(page: Page, pinCode: string) {
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The right choice of the question on screen: test data's correct choices read "to'g'ri N". */
const rightChoice = (page: Page) => page.getByRole("radio").filter({ hasText: "to'g'ri" });

test("an answer on its way when Yakunlash is confirmed is in the result", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "2468" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await startTest(page, "2468");

  const answers = await heldAnswers(page);
  await rightChoice(page).click(); // question 1 (easy, 1.0 point), still on its way …
  await expect(page.getByTestId("save-state")).toHaveText(/1 ta javob saqlanmoqda/);
  await page.getByRole("button", { name: "Yakunlash" }).first().click(); // … when the pupil finishes
  const confirm = page.getByRole("dialog", { name: "Rostdan ham testni yakunlamoqchimisiz?" });
  await confirm.getByRole("button", { name: "Yakunlash" }).click();
  await expect(confirm.getByTestId("finish-sending")).toHaveText("Javoblar yuborilmoqda, so'ng test yakunlanadi...");
  await screenshot(page, testInfo, "finishing-while-saving");
  // The page waits on the answer: no Finish while it is held.
  expect(answers.order).toEqual([]);
  answers.release();

  await page.waitForURL(/\/test-attempt$/, { timeout: 30_000 });
  expect(answersFirst(answers.order), answers.order.join(", ")).toBe(true);
  await expect(page.getByTestId("score")).toHaveText("1,0 / 5,0");
  await expect(page.getByTestId("late-answers")).toHaveCount(0);
});

// One device is enough for a wait on the clock: the desktop project leaves out @phone-only.
test("at time-up the answer on its way is sent first, then the attempt ends, and it counts @phone-only", async ({ page, request }) => {
  const closedAt = Date.now() + 20_000;
  const olympiad = await newOlympiad(request, {
    counts: { easy: 1, medium: 1, hard: 1 },
    pinCode: "1357",
    closedAt: new Date(closedAt).toISOString(),
  });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await startTest(page, "1357");

  // Chosen a moment before the clock runs out (a send stalls for 15 s before the page tries it
  // again), and held on its way until the page has reached its zero and the deadline has passed: it
  // reaches the server after the deadline, inside the grace the server gives answers in flight.
  const answers = await heldAnswers(page);
  await expect(page.getByTestId("timer")).toHaveText(/^00:00:0[2-4]$/, { timeout: 30_000 });
  await rightChoice(page).click();
  await expect(page.getByText("Vaqt tugadi. Test yakunlanmoqda...").first()).toBeVisible();
  await expect.poll(() => Date.now(), { message: "the deadline has passed" }).toBeGreaterThan(closedAt);
  expect(answers.order).toEqual([]);
  answers.release();

  await page.waitForURL(/\/test-attempt$/, { timeout: 40_000 });
  expect(answersFirst(answers.order), answers.order.join(", ")).toBe(true);
  await expect(page.getByTestId("score")).toHaveText("1,0 / 5,0");
});

test("an answer the server refuses as too late is never shown as saved, and the result says so", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "9753" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  const attemptId = await startTest(page, "9753");

  // The answer is held on the way while the attempt ends on the server (another tab, the clock).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/TestAttempts/Answer", async (route) => {
    await held;
    await route.continue();
  });
  await rightChoice(page).click();
  await expect(page.getByTestId("save-state")).toHaveText(/1 ta javob saqlanmoqda/);
  const finished = await page.request.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
  expect(finished.status()).toBe(200);
  await expect(page.getByRole("navigation", { name: "Savollar" }).getByRole("button", { name: /^1\b/ })).toHaveAttribute(
    "data-state",
    "pending",
  );
  release();

  await page.waitForURL(/\/test-attempt$/, { timeout: 30_000 });
  await expect(page.getByTestId("score")).toHaveText("0,0 / 5,0");
  await expect(page.getByTestId("late-answers")).toHaveText(
    "1 ta javobingiz vaqt tugaganidan keyin serverga yetib keldi va hisobga olinmadi.",
  );
  await screenshot(page, testInfo, "result-late-answers");
});

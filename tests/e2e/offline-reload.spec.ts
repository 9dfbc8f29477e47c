// A reload without network (issue "the pupil on a cheap phone", offline reload): the service
// worker gives back the running attempt's page as the device kept it, with the answers confirmed
// since, the clock counted from the server's last word and the outbox; answers go out when the
// network returns. The kept page is gone once the attempt has ended (its review may show the key)
// and when a pupil signs out.
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { pressStart, signInAt, startAttempt } from "../support/ui";

const choice = (page: Page, index: number) => page.getByRole("radio").nth(index);
const gridButton = (page: Page, n: number) =>
  page.getByRole("navigation", { name: "Savollar" }).getByRole("button", { name: new RegExp(`^${n}\\b`) });
const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => (await caches.open("olimpiada-attempt-pages").then((c) => c.match(p))) !== undefined, path);
const seconds = (clock: string) => clock.split(":").reduce((total, part) => total * 60 + Number(part), 0);

test("offline reload: the test, the clock and the outbox come back; answers go out when the network does", async ({
  page,
  context,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, reviewPolicy: "afterEnd" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const path = await startAttempt(page, pupil, olympiad.pinCode);
  // Started in place, the page was never fetched: the worker keeps it when it is opened (here a
  // reload; otherwise the page fetches itself minutes later, never at the opening).
  await expect
    .poll(() => page.evaluate(async (p) => (await navigator.serviceWorker.getRegistration(p))?.active?.state, path))
    .toBe("activated");
  expect(await kept(page, path)).toBe(false);
  await page.reload();
  await expect.poll(() => kept(page, path), { timeout: 20_000 }).toBe(true);

  // Online: question 1 answered and confirmed (after the page was kept).
  await choice(page, 1).click();
  await expect(choice(page, 1)).toHaveAttribute("data-state", "saved");
  const { remainingTime } = await (await page.request.get(`/api/TestAttempts/GetRemainingTime?attemptId=${path.split("/").pop()}`)).json();

  // Offline: question 2 answered (waits on the device), then a reload.
  await context.setOffline(true);
  await gridButton(page, 2).click();
  await choice(page, 2).click();
  await expect(gridButton(page, 2)).toHaveAttribute("data-state", "pending");
  await page.reload();
  await expect(page.getByText("2-savol (6 tadan)")).toBeVisible();
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "answered");
  await expect(gridButton(page, 2)).toHaveAttribute("data-state", "pending");
  await expect(choice(page, 2)).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("save-state")).toContainText("Aloqa yo'q");
  const clock = (await page.getByTestId("timer").textContent())!;
  expect(seconds(clock)).toBeLessThanOrEqual(remainingTime); // asked before going offline
  expect(seconds(clock)).toBeGreaterThan(remainingTime - 60);
  await screenshot(page, testInfo, "offline-reload");

  // The network returns: the waiting answer goes out, and the server has both.
  await context.setOffline(false);
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 30_000 });
  await page.reload();
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "answered");
  await expect(gridButton(page, 2)).toHaveAttribute("data-state", "answered");

  // The end: the kept page is forgotten (an ended attempt's page may carry the key).
  await page.getByRole("button", { name: "Yakunlash" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yakunlash" }).click();
  await page.waitForURL(/\/test-attempt$/);
  await expect.poll(() => kept(page, path)).toBe(false);
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Orqaga qaytish" })).toBeVisible(); // the ended attempt, read-only
  await expect(page.getByTestId("timer")).toHaveCount(0);
  await expect.poll(() => kept(page, path)).toBe(false);
});

test("a kept page is given back only to the session that kept it: with its cookies gone, nothing of the pupil's", async ({
  page,
  context,
  request,
}) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const path = await startAttempt(page, pupil, olympiad.pinCode);
  await expect
    .poll(() => page.evaluate(async (p) => (await navigator.serviceWorker.getRegistration(p))?.active?.state, path))
    .toBe("activated");
  await page.reload();
  await expect.poll(() => kept(page, path), { timeout: 20_000 }).toBe(true);
  await choice(page, 0).click();
  await expect(choice(page, 0)).toHaveAttribute("data-state", "saved");

  // The session ends another way (its cookie expired, or cleared): offline, the page is not given back.
  await context.clearCookies();
  await context.setOffline(true);
  await page.reload().catch(() => {}); // the browser's own error page
  await expect(page.getByText("1-savol (3 tadan)")).toHaveCount(0);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await context.setOffline(false);
});

test("offline reload from the first second: an attempt started in place comes back from the shell kept before the opening", async ({
  page,
  context,
  request,
}, testInfo) => {
  // Checked in, the opening a minute ahead.
  const olympiad = await newOlympiad(request, {
    counts: { easy: 1, medium: 1, hard: 1 },
    openedAt: new Date(Date.now() + 60_000).toISOString(),
    closedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByTestId("check-in")).toBeVisible();
  // The start page keeps the shell as soon as it is open.
  await expect.poll(() => kept(page, "/offline-shell")).toBe(true);
  // The organiser opens the test early; the pupil's page is reloaded at the opening.
  const admin = await signedIn(ORGANISER);
  const moved = await admin.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
    data: {
      openedAt: new Date(Date.now() - 1_000).toISOString(),
      closedAt: new Date(Date.now() + 3_600_000).toISOString(),
      pinCode: olympiad.pinCode,
      reason: "Ochish",
    },
  });
  expect(moved.status()).toBe(200);
  await admin.dispose();
  await page.reload();
  await pressStart(page, olympiad.pinCode);
  await page.waitForURL(/\/test-attempt\/\d+$/);
  const path = new URL(page.url()).pathname;
  await choice(page, 1).click();
  await expect(choice(page, 1)).toHaveAttribute("data-state", "saved");
  expect(await kept(page, path)).toBe(false); // the attempt's own page is not kept yet

  // Seconds after the start, the network goes and the pupil reloads.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("1-savol (3 tadan)")).toBeVisible();
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "answered");
  await expect(choice(page, 1)).toHaveAttribute("aria-checked", "true");
  expect(seconds((await page.getByTestId("timer").textContent())!)).toBeLessThanOrEqual(90 * 60);
  await screenshot(page, testInfo, "offline-reload-first-second");

  // An answer offline waits on the device and goes out when the network returns.
  await gridButton(page, 2).click();
  await choice(page, 0).click();
  await expect(gridButton(page, 2)).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("save-state")).toContainText("Aloqa yo'q");
  await context.setOffline(false);
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 30_000 });
  const view = await (await page.request.get(`/api/TestAttempts/Get?id=${path.split("/").pop()}`)).json();
  expect(view.questions.filter((q: { answerId: number | null }) => q.answerId !== null)).toHaveLength(2);
});

test("offline from the first question: a pupil who starts by the pages (no check-in) reloads without network at once and answers", async ({
  page,
  context,
  request,
}) => {
  // The test is open already: the pupil signs in, opens the start page and starts, as most do.
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const path = await startAttempt(page, pupil, olympiad.pinCode);
  await expect(page.getByText("1-savol (3 tadan)")).toBeVisible();

  // The network goes the moment the first question is shown, and the pupil reloads.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("1-savol (3 tadan)")).toBeVisible();
  await expect(choice(page, 1)).toBeVisible();

  // An answer given offline waits on the device and goes out, once, when the network returns.
  await choice(page, 1).click();
  await expect(gridButton(page, 1)).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("save-state")).toContainText("Aloqa yo'q");
  await context.setOffline(false);
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 30_000 });
  const view = await (await page.request.get(`/api/TestAttempts/Get?id=${path.split("/").pop()}`)).json();
  const answered = view.questions.filter((q: { answerId: number | null }) => q.answerId !== null);
  expect(answered).toHaveLength(1);
  expect(answered[0].answerId).toBe(view.questions[0].questionChoices[1].questionChoiceId);
});

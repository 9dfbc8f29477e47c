// The opening made cheap: from "Boshlash" to the first question the browser asks the
// server for New only (its answer brings the attempt) — no page is rendered for it, no Get, and no
// second call for the clock — and the clock shows the server's time from the first paint, on the page a reload
// brings too.
import type { Page, Request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt, startAttempt } from "../support/ui";

/**
 * What the page asks of the server from now on: "METHOD path" (static files left out, the
 * organiser's notices, which the page asks every 20 s on a cadence of its own, from a copy served
 * before admission: no part of the way to the first question, and the offline shell, one page for
 * every pupil answered from the front door's memory, before admission too: nothing is rendered for it).
 */
function listen(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (/^\/(_next\/static|i18n)\//.test(url.pathname) || url.pathname === "/api/notices" || url.pathname === "/offline-shell") return;
    if (!["document", "fetch", "xhr"].includes(request.resourceType())) return;
    asked.push(`${request.method()} ${url.pathname}${request.headers().rsc ? " (RSC)" : ""}`);
  });
  return asked;
}

test("without a sealed paper the first question comes from New's own answer, with the server's clock", async ({
  page,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, durationMinutes: 40 });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toBeVisible();

  const asked = listen(page);
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(olympiad.pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveText(/^00:(39|40):\d\d$/);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(["POST /api/TestAttempts/New"]);
  await screenshot(page, testInfo, "opening-first-question");

  // A reload brings the attempt's own page, with the attempt and the clock in it: no Get; the
  // clock, counted from the page's inferred request, is checked with the server once (an
  // inference gone wrong must never run the clock out early).
  const again = listen(page);
  // The check comes once the page has hydrated, which on a busy machine may be after a quiet half-second.
  const checked = page.waitForResponse("**/api/TestAttempts/GetRemainingTime**");
  await page.reload();
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveText(/^00:(39|40):\d\d$/);
  await checked;
  await page.waitForLoadState("networkidle");
  expect(again.filter((line) => line.includes("/api/"))).toEqual(["GET /api/TestAttempts/GetRemainingTime"]);
  expect(again.filter((line) => line.startsWith("GET /test-attempt/"))).toHaveLength(1);
});

test("the attempt page's first paint shows the server's time, never a placeholder minute", async ({ page, request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, durationMinutes: 25 });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  // The HTML as the server sends it, before any script runs.
  const html = await (await page.request.get(page.url())).text();
  const timer = html.match(/data-testid="timer"[^>]*>([^<]*)</)?.[1];
  expect(timer).toMatch(/^00:(24|25):\d\d$/);
});

test("Back to the start page during an attempt started in place lands on the running attempt, no second PIN", async ({ page, request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  const attemptUrl = page.url();
  await expect(page.getByRole("radio").first()).toBeVisible();

  await page.goto("/update-profile");
  await page.goBack();
  await page.waitForURL(attemptUrl);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveText(/^01:(29|30):\d\d$/);
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("checked in before the opening, the device keeps the paper sealed; at the opening New alone brings the first question", async ({
  page,
  request,
}, testInfo) => {
  // Check-in began an hour before; the paper may come until 10 s before the opening.
  const olympiad = await newOlympiad(request, {
    counts: { easy: 2, medium: 1, hard: 1 },
    openedAt: new Date(Date.now() + 30_000).toISOString(),
    closedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const bodies: string[] = [];
  page.on("response", async (response) => {
    if (!/^\/(_next\/static|i18n)\//.test(new URL(response.url()).pathname)) bodies.push(await response.text().catch(() => ""));
  });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByTestId("check-in")).toBeVisible();
  const stored = () => page.evaluate(() => localStorage.getItem("olimpiada.attempt.paper"));
  await expect.poll(stored, { timeout: 30_000 }).not.toBeNull();
  const sealed = JSON.parse((await stored())!);
  expect(Object.keys(sealed).sort()).toEqual(["data", "iv", "userId"]);

  // The organiser opens the test a minute early; the pupil's page is reloaded at the opening.
  const admin = await signedIn(ORGANISER);
  const now = Date.now();
  const moved = await admin.put(`/api/admin/subjects/${olympiad.subjectId}/test`, {
    data: {
      openedAt: new Date(now - 1_000).toISOString(),
      closedAt: new Date(now + 3_600_000).toISOString(),
      pinCode: olympiad.pinCode,
      reason: "Ochish",
    },
  });
  expect(moved.status()).toBe(200);
  await admin.dispose();
  await page.reload();

  const asked = listen(page);
  const newAnswer = page.waitForResponse((r) => r.url().includes("/api/TestAttempts/New"));
  const before = [...bodies];
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(olympiad.pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
  const { attemptId, paper } = await (await newAnswer).json();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked.filter((line) => line.includes("/TestAttempts/") && !line.includes("/Events"))).toEqual(["POST /api/TestAttempts/New"]);
  // The key was in nothing the device received before New; the copy is gone once opened.
  for (const body of before) expect(body).not.toContain(paper.key);
  expect(await stored()).toBeNull();

  // What the sealed copy showed is the attempt as the server has it, and an answer saves to it.
  const view = await (await page.request.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  for (const q of view.questions) expect(sealed.data).not.toContain(q.text.slice(0, 12));
  await expect(page.locator("main")).toContainText(view.questions[0].text.replace(/<[^>]+>/g, "").slice(0, 10));
  await page.getByRole("radio").nth(1).click();
  await expect(page.getByRole("radio").nth(1)).toHaveAttribute("data-state", "saved", { timeout: 10_000 });
  const saved = await (await page.request.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  expect(saved.questions[0].answerId).toBe(view.questions[0].questionChoices[1].questionChoiceId);
  await screenshot(page, testInfo, "opening-sealed-paper");
});

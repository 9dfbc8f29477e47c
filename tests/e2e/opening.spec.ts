// DESIGN §13, the opening made cheap: from "Boshlash" to the first question the browser asks the
// server for New and the attempt (Get) only — no page is rendered for it, and no second call for
// the clock — and the clock shows the server's time from the first paint, on the page a reload
// brings too.
import type { Page, Request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt, startAttempt } from "../support/ui";

/** What the page asks of the server from now on: "METHOD path" (static files left out). */
function listen(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/_next/static/") || !["document", "fetch", "xhr"].includes(request.resourceType())) return;
    asked.push(`${request.method()} ${url.pathname}${request.headers().rsc ? " (RSC)" : ""}`);
  });
  return asked;
}

test("the first question comes from New and one Get, with the server's clock", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, durationMinutes: 40 });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByRole("button", { name: "Testni boshlash" })).toBeVisible();
  // Before the opening the start page keeps the offline shell (within 10 s): nothing of it at the opening.
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => (await caches.open("olimpiada-attempt-pages").then((c) => c.match("/test-attempt/offline"))) !== undefined,
        ),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

  const asked = listen(page);
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(olympiad.pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveText(/^00:(39|40):\d\d$/);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(["POST /api/TestAttempts/New", "GET /api/TestAttempts/Get"]);
  await screenshot(page, testInfo, "opening-first-question");

  // A reload brings the attempt's own page, with the attempt and the clock in it: no Get; the
  // clock, counted from the page's inferred request, is checked with the server once (an
  // inference gone wrong must never run the clock out early).
  const again = listen(page);
  await page.reload();
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.getByTestId("timer")).toHaveText(/^00:(39|40):\d\d$/);
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

// The certificate (spec §2): "Sertifikatni olish" on the result downloads the PNG under
// the pupil's names; /cert/{username} shows it to anyone, with a link to copy; or says it is not found.
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

test("a pupil who finished downloads the certificate, and a stranger verifies it by its link", async ({
  page,
  request,
  context,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1122" });
  const pupil = await newPupil(request, {
    subjectId: olympiad.subjectId,
    names: { firstName: "Oʻlmas", lastName: "Gʻofurov", middleName: "Baxtiyorovich" },
  });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: "1122" } })).json();
  await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });

  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByTestId("result")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Sertifikatni olish" }).click();
  expect((await download).suggestedFilename()).toBe("Gʻofurov_Oʻlmas_Baxtiyorovich.png");
  await expect(page.getByText("Sertifikat muvaffaqiyatli yuklab olindi!")).toBeVisible();
  await screenshot(page, testInfo, "certificate-downloaded");

  const stranger = await context.browser()!.newContext({ viewport: page.viewportSize()! });
  await stranger.grantPermissions(["clipboard-read", "clipboard-write"]);
  const visitor = await stranger.newPage();
  await visitor.goto(`/cert/${pupil.username}`);
  const card = visitor.getByTestId("certificate");
  await expect(card.getByTestId("full-name")).toHaveText("Gʻofurov Oʻlmas Baxtiyorovich");
  // The day the pupil finished, in Tashkent (no date set by the organiser): never a later one.
  const finishedDay = new Intl.DateTimeFormat("ru-RU", { timeZone: "Asia/Tashkent", day: "2-digit", month: "2-digit", year: "numeric" });
  await expect(card.getByTestId("issue-date")).toHaveText(finishedDay.format(new Date()));
  await expect(card.getByTestId("verified")).toHaveText("Tasdiqlangan");
  await visitor.getByTestId("copy-link").click();
  await expect(visitor.getByTestId("copy-link")).toHaveText("Nusxa olindi");
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/cert/${pupil.username}$`));
  await screenshot(visitor, testInfo, "certificate-page");
  await expect(visitor.getByTestId("copy-link")).toHaveText("Havolani nusxalash", { timeout: 5000 });
  await stranger.close();
});

test("an unknown username: not found (HTTP 404), and whom to ask", async ({ page }, testInfo) => {
  expect((await page.goto("/cert/nobody00000"))?.status()).toBe(404);
  await expect(page.getByText("Sertifikat topilmadi")).toBeVisible();
  await expect(page.getByText("Agar bu xato deb hisoblasangiz bizga murojaat qiling")).toBeVisible();
  await expect(page.getByTestId("contact-bot")).toHaveAttribute("href", /^https:\/\/t\.me\//);
  await screenshot(page, testInfo, "certificate-not-found");
});

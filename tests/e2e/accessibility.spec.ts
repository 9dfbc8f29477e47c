// WCAG 2.2 AA by machine (issue 27): axe-core's A and AA rules on every screen a parent, a pupil
// and an organiser meet, in each of the three interface languages, on both viewports: the
// registration in each of its states, the offer, the payment panel and its checkout, the login and
// password, the sign-in with its errors, the start page (countdown, PIN dialog, the wrong PIN, the
// result), the attempt page (a question on the reading text with its formula, the grid, the
// finish dialog, the review), the certificate, the error pages and every page of the console.
import { randomUUID } from "node:crypto";
import { ru } from "@/lib/i18n/ru";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import { uz } from "@/shared/i18n/uz";
import { testSupportToken } from "../../playwright.config";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, pupilTakes, registerOverHttp, SIX_QUESTIONS } from "../support/http";
import { fillLogin } from "../support/ui";

const LANGUAGES = {
  uz: compile<typeof uz>("uz", uz),
  "uz-Cyrl": compile<typeof uz>("uz-Cyrl", uzCyrl),
  ru: compile<typeof uz>("ru", ru),
} as const;

for (const [language, m] of Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, (typeof LANGUAGES)["uz"]][]) {
  test(`a parent's and a pupil's screens pass axe in ${language}`, async ({ page, request, context }, testInfo) => {
    test.setTimeout(180_000);
    const check = (screen: string) => expectAccessible(page, testInfo, `${language}-${screen}`);

    // Registration: empty, with the form's own errors, the offer, the payment panel, the checkout, paid.
    await page.goto(`/register/${randomUUID()}?lang=${language}`);
    await expect(page.getByRole("heading", { name: m.registration.pageTitle })).toBeVisible();
    await check("registration");
    await page.getByLabel(m.registration.lastName, { exact: true }).fill("Ка");
    await page.getByLabel(m.registration.firstName, { exact: true }).click();
    await expect(page.getByText(m.validation.lastNameMin)).toBeVisible();
    await check("registration-errors");
    await page.locator("select[name=regionId]").selectOption({ index: 1 });
    await page.locator("select[name=districtId]").selectOption({ index: 1 });
    await page.locator("select[name=grade]").selectOption("7");
    await page.locator("select[name=subjectId]").selectOption({ index: 1 });
    await page.getByLabel(m.registration.lastName, { exact: true }).fill("Karimova");
    await page.getByLabel(m.registration.firstName, { exact: true }).fill("Malika");
    await page.locator("input[name=agreement]").click();
    const offer = page.getByRole("dialog");
    await expect(offer.getByRole("heading", { name: m.offer.title })).toBeVisible();
    await check("offer");
    await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await offer.getByRole("button", { name: m.offer.confirm }).click();
    await page.getByRole("button", { name: m.registration.submit }).click();
    await expect(page.getByTestId("amount")).toBeVisible();
    await check("payment");
    await page.getByTestId("pay-card").click();
    const sheet = page.getByRole("dialog", { name: m.payment.sandboxCheckout.titles.card });
    await expect(sheet).toBeVisible();
    await check("checkout");
    await sheet.getByRole("button", { name: m.payment.sandboxCheckout.pay }).click();
    await expect(page.getByText(m.registration.credentialsTitle)).toBeVisible();
    await check("credentials");

    // Sign-in: the form, a refusal.
    await page.goto("/login");
    await check("login");
    await fillLogin(page, { username: "nobody", password: "wrong-password" }, language);
    await expect(page.getByRole("alert").first()).toBeVisible();
    await check("login-refused");

    // The start page before the opening: the countdown.
    const later = await newOlympiad(request, { openedAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    await fillLogin(page, await newPupil(request, { subjectId: later.subjectId }), language);
    await expect(page.getByTestId("countdown")).toBeVisible();
    await check("countdown");

    // The open test: the start page, the PIN dialog and its refusal, the attempt page.
    await context.clearCookies({ name: /session-token/ });
    const olympiad = await newOlympiad(request, SIX_QUESTIONS);
    await page.goto("/login");
    await fillLogin(page, await newPupil(request, { subjectId: olympiad.subjectId }), language);
    await expect(page.getByRole("heading", { name: m.testAttempt.title })).toBeVisible();
    await check("start");
    await page.getByRole("button", { name: m.testAttempt.start }).click();
    const pin = page.getByRole("dialog", { name: m.testAttempt.pinTitle });
    await check("pin");
    await pin.getByLabel(m.testAttempt.pinLabel, { exact: true }).fill("0000");
    await pin.getByRole("button", { name: m.testAttempt.pinConfirm }).click();
    await expect(pin.getByRole("alert")).toBeVisible();
    await check("pin-wrong");
    await pin.getByLabel(m.testAttempt.pinLabel, { exact: true }).fill("4321");
    await pin.getByRole("button", { name: m.testAttempt.pinConfirm }).click();
    await page.waitForURL(/\/test-attempt\/\d+$/);
    await page.getByRole("radio").first().click();
    await expect(page.getByText(m.attempt.allSaved)).toBeVisible();
    await check("question");
    await page.goto(`${page.url()}?questionNumber=3`);
    await expect(page.getByTestId("reading-text")).toBeVisible();
    await page.getByRole("radio").nth(1).click();
    await expect(page.getByText(m.attempt.allSaved)).toBeVisible();
    await check("reading-text");
    await page.getByRole("button", { name: m.attempt.finish }).first().click();
    const finish = page.getByRole("dialog");
    await expect(finish).toBeVisible();
    await check("finish");
    await finish.getByRole("button", { name: m.attempt.finish }).click();
    await expect(page.getByText(m.testAttempt.resultTitle)).toBeVisible();
    await check("result");
    await page.getByRole("link", { name: m.testAttempt.review }).click();
    await expect(page.getByRole("button", { name: m.attempt.back })).toBeVisible();
    await check("review");

    // The certificate, found and not; the error pages.
    const finished = await pupilTakes(request, olympiad, [true, false], { names: { firstName: "Aziza", lastName: "Yusupova" } });
    await page.goto(`/cert/${finished.username}`);
    await expect(page.getByRole("heading", { name: m.certificate.pageTitle })).toBeVisible();
    await check("certificate");
    await page.goto("/cert/nobody-here");
    await expect(page.getByText(m.certificate.notFound)).toBeVisible();
    await check("certificate-not-found");
    await page.goto("/no-such-page");
    await check("not-found");
    await page.goto("/admin");
    await check("forbidden");
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${testSupportToken}` });
    await page.goto("/test-support/render-error");
    await expect(page.getByTestId("request-id")).toBeVisible();
    await check("error");
  });

  test(`the organiser's console passes axe in ${language}`, async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const olympiad = await newOlympiad(request);
    const taken = await pupilTakes(request, olympiad, [true, false, true], { names: { firstName: "Dilnoza", lastName: "Qodirova" } });
    const guid = await registerOverHttp(request);
    await page.goto(`/login?lang=${language}`);
    await fillLogin(page, ORGANISER, language);
    await page.waitForURL(/\/admin/);
    const pages = [
      "/admin",
      "/admin/tests",
      `/admin/tests/${olympiad.testId}/items`,
      `/admin/tests/${olympiad.testId}/preview`,
      "/admin/tests/pins",
      "/admin/questions",
      "/admin/pupils",
      `/admin/pupils/${taken.userId}`,
      "/admin/registrations",
      `/admin/registrations/${guid}`,
      "/admin/payments",
      "/admin/results",
      "/admin/incidents",
      "/admin/audit",
      "/admin/organisers",
      "/admin/rehearsal",
    ];
    // The demo's finished olympiad (the suites' server seeds the demo): the pages after a test.
    const { items } = await (await page.request.get("/api/admin/tests")).json();
    const testOf = (name: string) =>
      items.find((item: { grade: number; subjectName: string }) => item.grade === 9 && item.subjectName === name).test.testId;
    const [finished, appealing] = [testOf("Matematika"), testOf("Fizika")];
    await page.goto(`/admin/tests/${appealing}/screening`);
    const pair = await page.locator('tr[data-testid^="pair-"] a').first().getAttribute("href");
    pages.push(
      `/admin/tests/${appealing}/screening?from=results`,
      `${pair}`,
      `/admin/tests/${appealing}/appeals`,
      `/admin/tests/${finished}/protocol?region=1726`,
    );
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expectAccessible(page, testInfo, `${language}-console${path.replaceAll("/", "-")}`);
    }
  });
}

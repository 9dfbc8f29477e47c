// WCAG 2.2 AA by machine (issue 27): axe-core's A and AA rules on every screen a parent, a pupil
// and an organiser meet, in each of the three interface languages, on both viewports: the
// registration in each of its states, the offer, the payment panel and its checkout, the login and
// password, the sign-in with its errors, the start page (countdown, PIN dialog, the wrong PIN, the
// result), the attempt page (a question on the reading text with its formula, the grid, the
// finish dialog, the review), the certificate, the error pages and every page of the console.
import { randomUUID } from "node:crypto";
import type { Cookie } from "@playwright/test";
import { ru } from "@/lib/i18n/ru";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import { uz } from "@/shared/i18n/uz";
import { baseURL, testSupportToken } from "../../playwright.config";
import { expectAccessible } from "../support/axe";
import { expect, test, uniqueAddress } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, pupilTakes, registerOverHttp, SIX_QUESTIONS, signedIn } from "../support/http";
import { consolePages } from "../support/routes";
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
}

// The console, one test per page and language, from the list of its pages (app/admin/**/page.tsx):
// none waits on another, however long the whole console takes on a shared database, and a page
// added to the console without a path below fails its own test. What the pages show is made once
// per worker; each test opens its page with the organiser's session in its language.
type ConsoleData = {
  /** The organiser's session. */
  cookies: Cookie[];
  /** A test of a subject of its own, which a pupil took. */
  testId: number;
  userId: number;
  /** A registration awaiting payment. */
  guid: string;
  /** The demo's finished olympiad (the suites' server seeds the demo): finalised, and in its appeals. */
  finished: number;
  appealing: number;
  /** The evidence sheet of a pair the appealing test's screening lists. */
  pair: string;
  /** The finalised list's public page for a district ("/lists/<hash>?district=<id>"). */
  list: string;
};

/** Where each console page with a parameter is checked; a page without one is checked at its route. */
const DYNAMIC: Record<string, (data: ConsoleData) => string> = {
  "/admin/pupils/[userId]": (data) => `/admin/pupils/${data.userId}`,
  "/admin/registrations/[guid]": (data) => `/admin/registrations/${data.guid}`,
  "/admin/tests/[testId]/appeals": (data) => `/admin/tests/${data.appealing}/appeals`,
  "/admin/tests/[testId]/invitations": (data) => `/admin/tests/${data.finished}/invitations`,
  "/admin/tests/[testId]/items": (data) => `/admin/tests/${data.testId}/items`,
  "/admin/tests/[testId]/preview": (data) => `/admin/tests/${data.testId}/preview`,
  "/admin/tests/[testId]/protocol": (data) => `/admin/tests/${data.finished}/protocol?region=1726`,
  "/admin/tests/[testId]/screening": (data) => `/admin/tests/${data.appealing}/screening?from=results`,
  "/admin/tests/[testId]/screening/[pair]": (data) => data.pair,
};

const consoleTest = test.extend<object, { consoleData: ConsoleData }>({
  consoleData: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress(workerInfo.workerIndex) },
      });
      const olympiad = await newOlympiad(request);
      const taken = await pupilTakes(request, olympiad, [true, false, true], { names: { firstName: "Dilnoza", lastName: "Qodirova" } });
      const guid = await registerOverHttp(request);
      const organiser = await signedIn(ORGANISER);
      const { items } = await (await organiser.get("/api/admin/tests")).json();
      const testOf = (name: string): number =>
        items.find((item: { grade: number; subjectName: string }) => item.grade === 9 && item.subjectName === name).test.testId;
      const [finished, appealing] = [testOf("Matematika"), testOf("Fizika")];
      const html = async (path: string) => (await organiser.get(path)).text();
      const pair = (await html(`/admin/tests/${appealing}/screening`)).match(new RegExp(`/admin/tests/${appealing}/screening/\\d+-\\d+`));
      // A district sheet's check address: the final list's public page, for that district.
      const list = (await html(`/admin/tests/${finished}/protocol?region=1726`)).match(/\/lists\/[0-9a-f]+\?district=\d+/);
      if (!pair || !list) throw new Error("the demo's screening lists no pair, or its protocol names no list");
      const { cookies } = await organiser.storageState();
      await use({ cookies, testId: olympiad.testId, userId: taken.userId, guid, finished, appealing, pair: pair[0], list: list[0] });
      await Promise.all([request.dispose(), organiser.dispose(), taken.session.dispose()]);
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
  for (const route of consolePages()) {
    consoleTest(`the console's ${route} passes axe in ${language}`, async ({ page, context, consoleData }, testInfo) => {
      const path = route.includes("[") ? DYNAMIC[route]?.(consoleData) : route;
      if (!path) throw new Error(`no path to check ${route} at: add it to DYNAMIC`);
      await context.addCookies([...consoleData.cookies, { name: "lang", value: language, url: baseURL }]);
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectAccessible(page, testInfo, `${language}-console${route.replaceAll("/", "-").replaceAll(/[[\]]/g, "")}`);
    });
  }

  // The protocol's tables: each a Tab stop named by the sheet's heading above it, with the focus
  // ring; one wider than a phone (Russian's words, at 390 px) scrolls by the arrow keys.
  consoleTest(`the protocol's tables are reached and scrolled by keyboard in ${language}`, async ({ page, context, consoleData }) => {
    await context.addCookies([...consoleData.cookies, { name: "lang", value: language, url: baseURL }]);
    await page.goto(`/admin/tests/${consoleData.finished}/protocol?region=1726`);
    const selected = await page.getByTestId("protocol-district").first().getByRole("heading", { level: 3 }).textContent();
    const tables = page.getByTestId("protocol-district").getByRole("region", { name: selected ?? "" });
    await expect(tables.first()).toBeVisible();
    const wide = await tables.evaluateAll((regions) => regions.findIndex((region) => region.scrollWidth > region.clientWidth));
    const table = tables.nth(Math.max(wide, 0));
    const isFocused = () => table.evaluate((region) => region === document.activeElement);
    for (let stop = 0; stop < 100 && !(await isFocused()); stop++) await page.keyboard.press("Tab");
    expect(await isFocused()).toBe(true);
    expect(await table.evaluate((region) => getComputedStyle(region).outlineStyle)).toBe("solid");
    if (wide >= 0) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => table.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);
    }
  });

  // The public screens after a test: the demo's families' pages (the result, the appeals, the second
  // stage; lib/setup/demo-after-test.ts), the final list's public page and a district's on it.
  consoleTest(`the public screens after a test pass axe in ${language}`, async ({ page, consoleData }, testInfo) => {
    const screens = {
      "family-final": "/register/00000000-0000-4000-8000-000000000004",
      "family-appealing": "/register/00000000-0000-4000-8000-000000000005",
      list: consoleData.list.replace(/\?.*/, ""),
      "list-district": consoleData.list,
    };
    for (const [screen, path] of Object.entries(screens)) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expectAccessible(page, testInfo, `${language}-after-${screen}`);
    }
  });
}

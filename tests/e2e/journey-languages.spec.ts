// The pupil's whole journey in Русский and in Ўзбекча on a phone: register, pay,
// sign in, the PIN, answer, finish, the result, the review and the certificate, every screen in
// the chosen language and photographed. The interface's words come from the language's own
// catalogue, so a word changed there cannot pass here unnoticed. The Russian pupil studies in
// Russian: their test's questions are the bank's Russian texts; the Cyrillic-reading Uzbek pupil's
// are the bank's Uzbek ones (in the bank's Latin script).
import { randomUUID } from "node:crypto";
import { ru } from "@/lib/i18n/ru";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import type { uz } from "@/shared/i18n/uz";
import { expect, type Page, test } from "../support/fixtures";
import { screenshot } from "../support/screens";
import { fillLogin } from "../support/ui";

const LANGUAGES = {
  ru: {
    messages: compile<typeof uz>("ru", ru),
    names: { lastName: "Петрова", firstName: "Анна", middleName: "Игоревна" },
    studyLanguage: "1",
  },
  "uz-Cyrl": {
    messages: compile<typeof uz>("uz-Cyrl", uzCyrl),
    names: { lastName: "Қаҳҳорова", firstName: "Ўғилой", middleName: "Ғайратовна" },
    studyLanguage: "0",
  },
} as const;

/** Words of the page in Latin letters, but the switcher (each language named in itself), the
 *  pupil's login and password, the organisers' notices (every page's, and another test may post
 *  one meanwhile), and what may be. */
async function latinWords(page: Page, allowed: RegExp): Promise<string[]> {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const skipped of body.querySelectorAll(
      "[data-testid=language-switcher], [data-testid=username], [data-testid=password], [data-testid=notices], script, style",
    ))
      skipped.remove();
    return body.textContent ?? "";
  });
  return (text.match(/[A-Za-zʻʼ']{3,}/g) ?? []).filter((word) => !allowed.test(word));
}

for (const [language, { messages: m, names, studyLanguage }] of Object.entries(LANGUAGES)) {
  test(`a pupil's whole journey in ${language} @phone-only`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (name: string) => screenshot(page, testInfo, `journey-${language}-${name}`);
    const latin = /^(Click|Payme|Telegram|PIN)$/;

    // Registration: the form, its own checks, the offer, the payment panel.
    await page.goto(`/register/${randomUUID()}?lang=${language}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { name: m.registration.pageTitle })).toBeVisible();
    await page.getByRole("button", { name: m.registration.submit }).isDisabled();
    await page.getByLabel(m.registration.lastName, { exact: true }).fill("Ка");
    await page.getByLabel(m.registration.firstName, { exact: true }).click();
    await expect(page.getByText(m.validation.lastNameMin)).toBeVisible();
    await shot("registration-errors");
    expect(await latinWords(page, latin)).toEqual([]);

    await page.locator("select[name=regionId]").selectOption({ index: 1 });
    await page.locator("select[name=districtId]").selectOption({ index: 1 });
    await page.locator("select[name=grade]").selectOption("7");
    await page.locator("select[name=subjectId]").selectOption({ label: m.names.Matematika ?? "Математика" });
    await page.getByLabel(`${m.registration.language} (${m.registration.languageHint})`).selectOption(studyLanguage);
    await page.getByLabel(m.registration.lastName, { exact: true }).fill(names.lastName);
    await page.getByLabel(m.registration.firstName, { exact: true }).fill(names.firstName);
    await page.getByLabel(`${m.registration.middleName} (${m.registration.optional})`).fill(names.middleName);
    await page.locator("input[name=agreement]").click();
    const offer = page.getByRole("dialog");
    await expect(offer.getByRole("heading", { name: m.offer.title })).toBeVisible();
    await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot("offer");
    expect(await latinWords(page, latin)).toEqual([]);
    await offer.getByRole("button", { name: m.offer.confirm }).click();
    await page.getByRole("button", { name: m.registration.submit }).click();
    await expect(page.getByTestId("amount")).toHaveText(new RegExp(`75\\s000 ${m.common.som}`));
    await expect(page.getByTestId("paying-for")).toContainText(`${names.lastName} ${names.firstName}`);
    await shot("payment");
    expect(await latinWords(page, latin)).toEqual([]);

    // The sandbox checkout, then the login and password.
    await page.getByTestId("pay-card").click();
    const sheet = page.getByRole("dialog", { name: m.payment.sandboxCheckout.titles.card });
    await expect(sheet).toBeVisible();
    await shot("checkout");
    await sheet.getByRole("button", { name: m.payment.sandboxCheckout.pay }).click();
    await expect(page.getByText(m.registration.credentialsTitle)).toBeVisible();
    const username = (await page.getByTestId("username").textContent()) ?? "";
    const password = (await page.getByTestId("password").textContent()) ?? "";
    await shot("credentials");
    expect(await latinWords(page, latin)).toEqual([]);

    // Sign in, the start page, the PIN.
    await page.getByRole("link", { name: m.registration.toLogin }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await fillLogin(page, { username, password }, language as "ru" | "uz-Cyrl");
    await expect(page.getByRole("heading", { name: m.testAttempt.title })).toBeVisible();
    await shot("start");
    expect(await latinWords(page, latin)).toEqual([]);
    await page.getByRole("button", { name: m.testAttempt.start }).click();
    await page.getByLabel(m.testAttempt.pinLabel, { exact: true }).fill("0000");
    await page.getByRole("button", { name: m.testAttempt.pinConfirm }).click();
    await expect(page.getByText(m.codes[4001])).toBeVisible();
    await shot("pin-wrong");
    await page.getByLabel(m.testAttempt.pinLabel, { exact: true }).fill("1234");
    await page.getByRole("button", { name: m.testAttempt.pinConfirm }).click();

    // The attempt: an answer saved, the finish dialog, the result.
    await page.waitForURL(/\/test-attempt\/\d+$/);
    await page.getByRole("radio").first().check();
    await expect(page.getByText(m.attempt.allSaved)).toBeVisible();
    await expect(page.getByRole("heading", { name: m.attempt.question({ n: 1, total: 30 }) })).toBeVisible();
    await shot("attempt");
    // The questions in the language of study: a Russian pupil's page has no Latin word left.
    if (studyLanguage === "1") {
      await expect(page.locator("main")).toContainText("Вычислите");
      expect(await latinWords(page, latin)).toEqual([]);
    } else await expect(page.locator("main")).toContainText("Hisoblang");
    await page.getByRole("button", { name: m.attempt.finish }).first().click();
    const finish = page.getByRole("dialog");
    await expect(finish).toContainText(m.attempt.unanswered({ count: 29 }));
    await shot("finish");
    await finish.getByRole("button", { name: m.attempt.finish }).click();
    await expect(page.getByText(m.testAttempt.resultTitle)).toBeVisible();
    await shot("result");
    expect(await latinWords(page, latin)).toEqual([]);

    // The review, then the certificate and its public page.
    await page.getByRole("link", { name: m.testAttempt.review }).click();
    await expect(page.getByRole("button", { name: m.attempt.back })).toBeVisible();
    await shot("review");
    await page.goto("/test-attempt");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: m.testAttempt.certificate }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await page.goto(`/cert/${username}`);
    await expect(page.getByRole("heading", { name: m.certificate.pageTitle })).toBeVisible();
    await expect(page.getByTestId("full-name")).toHaveText(`${names.lastName} ${names.firstName} ${names.middleName}`);
    await expect(page.getByText(m.certificate.verified)).toBeVisible();
    await shot("certificate");
    expect(await latinWords(page, latin)).toEqual([]);
  });
}

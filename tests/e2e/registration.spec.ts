// A parent's journey (spec §2, registration page): open a link, fill the cascade, read the offer,
// submit, reach the payment panel; and the page's other states.
import { randomUUID } from "node:crypto";
import { ru as russian } from "@/lib/i18n/ru";
import { uzCyrl as uzbekCyrillic } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import { uz as uzbek } from "@/shared/i18n/uz";
import { formatTashkent } from "@/shared/time";
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, registerOverHttp } from "../support/http";
import { screenshot } from "../support/screens";

const PAID_DEMO_GUID = "00000000-0000-4000-8000-000000000002";
const UNPAID_DEMO_GUID = "00000000-0000-4000-8000-000000000001";

const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe("the registration link", () => {
  test("/register opens a fresh link each time", async ({ page }) => {
    await page.goto("/register");
    const first = page.url();
    await page.goto("/register");
    const second = page.url();
    expect(first).toMatch(/\/register\/[0-9a-f-]{36}$/);
    expect(second).toMatch(/\/register\/[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  test("the page is not indexed", async ({ page }) => {
    await page.goto(`/register/${randomUUID()}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("a malformed link is the 404 page", async ({ page }, testInfo) => {
    const response = await page.goto("/register/not-a-guid");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Sahifa topilmadi.")).toBeVisible();
    await screenshot(page, testInfo, "404");
    await page.getByRole("link", { name: "Orqaga qaytish" }).click();
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Ftest-attempt$/); // signed out: to the sign-in first
  });
});

test.describe("a parent registers a pupil", () => {
  test("cascade, validation, offer, submit, payment panel", async ({ page }, testInfo) => {
    const guid = randomUUID();
    await page.goto(`/register/${guid}`);
    await expect(page.getByRole("heading", { name: "Ro'yxatdan o'tish" })).toBeVisible();
    await screenshot(page, testInfo, "registration-empty");

    // Dependent selects wait for their parent.
    await expect(select(page, "Tuman (shahar)")).toBeDisabled();
    await expect(select(page, "Maktab (ixtiyoriy)")).toBeDisabled();
    await expect(select(page, "Fan")).toBeDisabled();
    await expect(page.getByRole("button", { name: "To'lovga o'tish" })).toBeDisabled();

    // Region → districts of that region only.
    await select(page, "Viloyat").selectOption({ label: "Toshkent shahri" });
    await expect(select(page, "Tuman (shahar)")).toBeEnabled();
    const districtOptions = await select(page, "Tuman (shahar)").locator("option").allTextContents();
    expect(districtOptions).toContain("Yunusobod tumani");
    expect(districtOptions).not.toContain("Oltinko'l tumani");

    // District → schools load ("Yuklanmoqda..." and the progress bar while they do).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/Organizations/GetAll**", async (route) => {
      await held;
      await route.continue();
    });
    await select(page, "Tuman (shahar)").selectOption({ label: "Yunusobod tumani" });
    await expect(select(page, "Maktab (ixtiyoriy)").locator("option").first()).toHaveText("Yuklanmoqda...");
    await expect(page.getByTestId("progress-bar")).toBeVisible();
    release();
    await expect(select(page, "Maktab (ixtiyoriy)")).toBeEnabled();
    await expect(page.getByTestId("progress-bar")).toBeHidden();
    const schools = await select(page, "Maktab (ixtiyoriy)").locator("option").allTextContents();
    expect(schools.slice(0, 4)).toEqual([
      "Tanlang",
      "Boshqa maktab",
      "1-son umumiy o'rta ta'lim maktabi",
      "2-son umumiy o'rta ta'lim maktabi",
    ]);
    expect(schools.indexOf("5-son umumiy o'rta ta'lim maktabi")).toBeLessThan(schools.indexOf("12-son umumiy o'rta ta'lim maktabi"));
    await expect(select(page, "Maktab (ixtiyoriy)").locator("option", { hasText: "Boshqa maktab" })).toHaveAttribute("value", "0");
    await select(page, "Maktab (ixtiyoriy)").selectOption({ label: "12-son umumiy o'rta ta'lim maktabi" });

    // Changing the region clears district and school.
    await select(page, "Viloyat").selectOption({ label: "Andijon viloyati" });
    await expect(select(page, "Tuman (shahar)")).toHaveValue("");
    await expect(select(page, "Maktab (ixtiyoriy)")).toHaveValue("");
    await expect(select(page, "Maktab (ixtiyoriy)")).toBeDisabled();
    await select(page, "Viloyat").selectOption({ label: "Toshkent shahri" });
    await select(page, "Tuman (shahar)").selectOption({ label: "Yunusobod tumani" });
    await select(page, "Maktab (ixtiyoriy)").selectOption({ label: "12-son umumiy o'rta ta'lim maktabi" });
    // Changing the district clears the school.
    await select(page, "Tuman (shahar)").selectOption({ label: "Chilonzor tumani" });
    await expect(select(page, "Maktab (ixtiyoriy)")).toHaveValue("");
    await select(page, "Tuman (shahar)").selectOption({ label: "Yunusobod tumani" });
    await expect(select(page, "Maktab (ixtiyoriy)")).toBeEnabled();
    await select(page, "Maktab (ixtiyoriy)").selectOption({ label: "12-son umumiy o'rta ta'lim maktabi" });

    // Grade → subjects of that grade; changing the grade clears the subject.
    await select(page, "Sinf").selectOption({ label: "7-sinf" });
    await expect(select(page, "Fan").locator("option")).toHaveText(["Tanlang", "Matematika", "Biologiya", "Kimyo", "Fizika"]);
    await select(page, "Fan").selectOption({ label: "Kimyo" });
    await select(page, "Sinf").selectOption({ label: "8-sinf" });
    await expect(select(page, "Fan")).toHaveValue("");
    await select(page, "Fan").selectOption({ label: "Kimyo" });

    // Names and phone: the spec's messages under each field.
    await page.getByLabel("Familya", { exact: true }).fill("Ka");
    await page.getByLabel("Ism", { exact: true }).fill("Di");
    await page.getByLabel("Otasining ismi (ixtiyoriy)").fill("Ru");
    await page.getByLabel("Telefon raqam (ixtiyoriy)").fill("90a");
    await page.getByLabel("Tug'ilgan sana (ixtiyoriy)").click();
    await expect(page.getByText("Familya 3 ta harfdan kam bo'lmasligi kerak")).toBeVisible();
    await expect(page.getByText("Ism 3 ta harfdan kam bo'lmasligi kerak")).toBeVisible();
    await expect(page.getByText("Otasining ismi 3 ta harfdan kam bo'lmasligi kerak")).toBeVisible();
    await expect(page.getByText("Telefon raqam raqamlardan iborat bo'lishi kerak")).toBeVisible();
    await page.getByLabel("Telefon raqam (ixtiyoriy)").fill("90123");
    await page.getByLabel("Familya", { exact: true }).click();
    await expect(page.getByText("Telefon raqam 9 ta raqamdan iborat bo'lishi kerak")).toBeVisible();
    await expect(page.getByText("+998")).toBeVisible();
    await screenshot(page, testInfo, "registration-errors");

    await page.getByLabel("Familya", { exact: true }).fill("Karimova");
    await page.getByLabel("Ism", { exact: true }).fill("Dilnoza");
    await page.getByLabel("Otasining ismi (ixtiyoriy)").fill("Rustamovna");
    await page.getByLabel("Telefon raqam (ixtiyoriy)").fill("901234567");
    await page.getByLabel("Tug'ilgan sana (ixtiyoriy)").fill("2012-03-15");
    await expect(page.locator("form").getByRole("alert")).toHaveCount(0);

    // The offer: ticking opens it; it cannot be dismissed; confirm unlocks at the bottom.
    await page.locator("input[name=agreement]").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page.locator("input[name=agreement]")).not.toBeChecked();
    const confirm = dialog.getByRole("button", { name: "O'qib chiqdim va roziman" });
    await expect(confirm).toBeDisabled();
    await screenshot(page, testInfo, "offer-top");
    await page.keyboard.press("Escape");
    await page.mouse.click(2, 2);
    await expect(dialog).toBeVisible();
    await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight - 40));
    await expect(confirm).toBeDisabled();
    await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight - 3));
    await expect(confirm).toBeEnabled();
    await screenshot(page, testInfo, "offer-bottom");
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("input[name=agreement]")).toBeChecked();

    // Submit: the payment panel with the fee and the three ways to pay.
    await page.getByRole("button", { name: "To'lovga o'tish" }).click();
    await expect(page.getByTestId("amount")).toHaveText(/75\s000 so'm/);
    // Who and what is paid for; in the sandbox all three ways go through its own checkout (the
    // real providers' links are tested in tests/unit/payment-links.test.ts).
    await expect(page.getByTestId("paying-for")).toHaveText(/^O'quvchi: .+, \d-sinf, Kimyo$/);
    await expect(page.getByTestId("pay-card")).toBeEnabled(); // the (sandbox) checkout script loaded
    await expect(page.getByTestId("pay-payme")).not.toHaveAttribute("href", /./);
    await screenshot(page, testInfo, "payment-panel");

    // The details were saved: they come back in the form.
    await page.reload();
    await page.getByRole("button", { name: "Ma'lumotlarni o'zgartirish" }).click();
    await expect(page.getByLabel("Ism", { exact: true })).toHaveValue("Dilnoza");
    await expect(select(page, "Maktab (ixtiyoriy)")).toHaveValue(/\d+/);
    await expect(select(page, "Maktab (ixtiyoriy)").locator("option:checked")).toHaveText("12-son umumiy o'rta ta'lim maktabi");
    await expect(select(page, "Fan").locator("option:checked")).toHaveText("Kimyo");
  });

  test("a failed save keeps everything typed and says so", async ({ page }) => {
    await page.goto(`/register/${randomUUID()}`);
    await select(page, "Viloyat").selectOption({ label: "Toshkent shahri" });
    await select(page, "Tuman (shahar)").selectOption({ label: "Yunusobod tumani" });
    await select(page, "Sinf").selectOption({ label: "5-sinf" });
    await select(page, "Fan").selectOption({ label: "Fizika" });
    await page.getByLabel("Familya", { exact: true }).fill("Aliyev");
    await page.getByLabel("Ism", { exact: true }).fill("Botir");
    await page.locator("input[name=agreement]").click();
    await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByRole("button", { name: "O'qib chiqdim va roziman" }).click();

    await page.route("**/api/Registration/Register", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "To'lovga o'tish" }).click();
    await expect(page.getByText("Xatolik yuz berdi. Iltimos, qaytadan urinib ko'ring")).toBeVisible();
    await expect(page.getByLabel("Ism", { exact: true })).toHaveValue("Botir");
    await expect(select(page, "Fan").locator("option:checked")).toHaveText("Fizika");

    await page.unroute("**/api/Registration/Register");
    await page.getByRole("button", { name: "To'lovga o'tish" }).click();
    await expect(page.getByTestId("amount")).toBeVisible();
  });

  test("a school list that cannot load leaves the form usable", async ({ page }) => {
    await page.goto(`/register/${randomUUID()}`);
    await page.getByLabel("Familya", { exact: true }).fill("Aliyev");
    await page.route("**/api/Organizations/GetAll**", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ code: null, message: "x", validationErrors: {} }),
      }),
    );
    await select(page, "Viloyat").selectOption({ label: "Toshkent shahri" });
    await select(page, "Tuman (shahar)").selectOption({ label: "Yunusobod tumani" });
    await expect(page.getByText("Maktablar ro'yxatini yuklab bo'lmadi.", { exact: false })).toBeVisible();
    await select(page, "Maktab (ixtiyoriy)").selectOption({ label: "Boshqa maktab" });
    await expect(page.getByLabel("Familya", { exact: true })).toHaveValue("Aliyev");
  });

  test("the offer needs no scrolling when it fits", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 4000 });
    await page.goto(`/register/${randomUUID()}`);
    await page.locator("input[name=agreement]").click();
    await expect(page.getByRole("button", { name: "O'qib chiqdim va roziman" })).toBeEnabled();
  });
});

test.describe("paying by card", () => {
  test("the card button waits for the checkout script", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/payments/sandbox/checkout.js", async (route) => {
      await held;
      await route.continue();
    });
    // Not "load": the held script may be what the load waits for.
    await page.goto(`/register/${UNPAID_DEMO_GUID}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId("pay-card")).toBeDisabled();
    await expect(page.getByText("Karta orqali to'lov yuklanmoqda...")).toBeVisible();
    release();
    await expect(page.getByTestId("pay-card")).toBeEnabled();
  });

  test("a parent pays through the sandbox card, sees the login, and the pupil signs in with it", async ({
    page,
    request,
    context,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const guid = await registerOverHttp(request, {
      grade: 8,
      subject: "Fizika",
      names: { firstName: "Oybek", lastName: "G'ulomov", middleName: "Shuhratovich" },
    });

    await page.goto(`/register/${guid}`);
    await page.getByTestId("pay-card").click();
    const sheet = page.getByRole("dialog", { name: "Karta orqali to'lov (sinov)" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText(/75\s000 so'm/)).toBeVisible();
    await screenshot(page, testInfo, "card-sandbox");
    await sheet.getByRole("button", { name: "To'lash" }).click();

    await expect(page).toHaveURL(new RegExp(`/register/${guid}\\?registerSuccess=true$`));
    await expect(page.getByText("Tabriklaymiz, Siz ro'yxatdan muvaffaqiyatli o'tdingiz! Saytni yopishingiz mumkin.")).toBeVisible();
    // The login and password come first, "save them" made plain; "you may close the site" after them.
    await expect(page.getByTestId("paid")).toHaveText("✓ To'lov qabul qilindi");
    await expect(page.getByText("Login va parolni hozir yozib oling yoki nusxalab saqlang", { exact: false })).toBeVisible();
    const passwordBox = (await page.getByTestId("password").boundingBox())!;
    const closeLine = (await page.getByText("Saytni yopishingiz mumkin", { exact: false }).boundingBox())!;
    expect(passwordBox.y).toBeLessThan(closeLine.y);
    const username = (await page.getByTestId("username").textContent())!;
    const password = (await page.getByTestId("password").textContent())!;
    expect(username).toMatch(/^[a-z]{5}\d{4}$/);
    expect(password).toHaveLength(10);
    await page.getByTestId("copy-password").click();
    await expect(page.getByTestId("copy-password")).toHaveText("Nusxa olindi");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await screenshot(page, testInfo, "paid-credentials");
    await expect(page.getByTestId("copy-password")).toHaveText("Nusxa olish", { timeout: 5000 });

    // The same page later (no registerSuccess): the info message, the same credentials.
    await page.goto(`/register/${guid}`);
    await expect(page.getByText("Siz ro'yxatdan o'tgansiz. Saytni yopishingiz mumkin.")).toBeVisible();
    await expect(page.getByTestId("username")).toHaveText(username);

    // The sign-in page opens with the login filled in from the link (never the password): only the password is typed.
    await page.getByRole("link", { name: "Tizimga kirish" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?username=${username}$`));
    expect(page.url()).not.toContain(password);
    await expect(page.getByLabel("Login", { exact: true })).toHaveValue(username);
    await expect(page.getByLabel("Parol", { exact: true })).toHaveValue("");
    await screenshot(page, testInfo, "login-prefilled");
    await page.getByLabel("Parol", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Kirish", exact: true }).click();
    await expect(page).toHaveURL(/\/test-attempt$/);
  });
});

test.describe("paying through the sandbox's Payme and Click", () => {
  for (const [provider, title] of [
    ["payme", "Payme orqali to'lov (sinov)"],
    ["click", "Click orqali to'lov (sinov)"],
  ] as const) {
    test(`${provider}: its sheet plays the provider's calls, and the page shows the login`, async ({ page, request }, testInfo) => {
      const guid = await registerOverHttp(request, { grade: 6, subject: "Fizika", names: { firstName: "Lola", lastName: "Karimova" } });
      await page.goto(`/register/${guid}`);
      await expect(page.getByTestId("paying-for")).toHaveText("O'quvchi: Karimova Lola, 6-sinf, Fizika");
      await page.getByTestId(`pay-${provider}`).click();
      const sheet = page.getByRole("dialog", { name: title });
      await expect(sheet.getByText(/75\s000 so'm/)).toBeVisible();
      if (provider === "payme") await screenshot(page, testInfo, "payme-sandbox");
      await sheet.getByRole("button", { name: "To'lash" }).click();
      await expect(page).toHaveURL(new RegExp(`/register/${guid}\\?registerSuccess=true$`));
      await expect(page.getByTestId("username")).toHaveText(/^[a-z]{5}\d{4}$/);
    });
  }
});

test.describe("the page by registration status", () => {
  test("Registered: the payment panel", async ({ page }) => {
    await page.goto(`/register/${UNPAID_DEMO_GUID}`);
    await expect(page.getByText("Karta orqali to'lash")).toBeVisible();
    await expect(page.getByText("Sinov rejimi: to'lovlar haqiqiy emas.")).toBeVisible();
  });

  test("Paid with registerSuccess: the success message", async ({ page }, testInfo) => {
    await page.goto(`/register/${PAID_DEMO_GUID}?registerSuccess=true`);
    await expect(page.getByText("Tabriklaymiz, Siz ro'yxatdan muvaffaqiyatli o'tdingiz! Saytni yopishingiz mumkin.")).toBeVisible();
    await expect(page.getByTestId("username")).toHaveText("demo7mat");
    await expect(page.getByTestId("password")).toHaveText("Demo2025");
    await screenshot(page, testInfo, "paid-success");
  });

  test("Paid without registerSuccess: the info message", async ({ page }, testInfo) => {
    await page.goto(`/register/${PAID_DEMO_GUID}`);
    await expect(page.getByText("Siz ro'yxatdan o'tgansiz. Saytni yopishingiz mumkin.")).toBeVisible();
    await screenshot(page, testInfo, "paid-info");
  });

  test("the status is refetched when the window regains focus", async ({ page, request }) => {
    const guid = randomUUID();
    await page.goto(`/register/${guid}`);
    await expect(page.getByRole("button", { name: "To'lovga o'tish" })).toBeVisible();
    // The same registration completed elsewhere (another tab, the chat-bot).
    await registerOverHttp(request, { guid, grade: 9, names: { firstName: "Kamola", lastName: "Ergasheva" } });
    // Focus until the page's script listens (the server's HTML shows before it runs); each focus
    // that is heard refetches the status.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(page.getByTestId("amount")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });
});

test.describe("the paid page before the test", () => {
  test("says when the test is (Tashkent time), that the PIN is given at the test, and its language, in the three languages", async ({
    page,
    request,
  }, testInfo) => {
    const words = {
      uz: compile<typeof uzbek>("uz", uzbek),
      "uz-Cyrl": compile<typeof uzbek>("uz-Cyrl", uzbekCyrillic),
      ru: compile<typeof uzbek>("ru", russian),
    };
    // Far enough ahead that another journey moving the server's clock past an appeal period keeps it ahead; on a whole minute.
    const openedAt = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60 * 86_400_000);
    const closedAt = new Date(openedAt.getTime() + 3 * 3_600_000);
    const olympiad = await newOlympiad(request, { openedAt: openedAt.toISOString(), closedAt: closedAt.toISOString() });
    // A pupil of a Russian school: the test is in Russian whatever language the page is read in.
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId, language: 1 });
    for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
      const texts = words[language].registration;
      await page.goto(`/register/${pupil.guid}?lang=${language}`);
      await expect(page.getByTestId("username")).toHaveText(pupil.username);
      const steps = page.getByTestId("next-steps");
      await expect(steps.getByRole("heading")).toHaveText(texts.nextStepsTitle);
      await expect(steps.getByTestId("next-steps-when")).toHaveText(
        texts.nextStepsWhen({ from: formatTashkent(openedAt.toISOString()), to: formatTashkent(closedAt.toISOString()) }),
      );
      await expect(steps.getByTestId("next-steps-pin")).toHaveText(texts.nextStepsPin);
      await expect(steps.getByTestId("next-steps-language")).toHaveText(texts.nextStepsLanguage({ language: texts.languageNames[1] }));
      // Paid with a (made-up) card payment: its receipt is the card provider's.
      await expect(page.getByTestId("receipt")).toContainText(texts.receiptCard);
      await screenshot(page, testInfo, `family-paid-before-test-${language}`);
    }
  });
});

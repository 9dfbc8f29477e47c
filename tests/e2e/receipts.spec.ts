// The fee's fiscal receipt as the family and the accountant see it: Payme reports it
// (SetFiscalData) and the registration page links it, in the three languages, after a line that it
// is on its way; Click's is in the payer's Click app, the card's is the card provider's; the
// console's register lists the payment with its receipt, and the board says when receipts are not
// registered (this suite's server has no fiscal data).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newPupil, ORGANISER, registerOverHttp } from "../support/http";
import { screenshot } from "../support/screens";
import { TEST_ENV, TEST_LOG_FILE } from "../support/test-env";
import { signInAt } from "../support/ui";

/** The demo's families paid through Payme and through Click (lib/setup/demo.ts). */
const DEMO_GUIDS = { paid: "00000000-0000-4000-8000-000000000002", paidRussian: "00000000-0000-4000-8000-000000000003" };

const PAYME_AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
const RECEIPT = "https://ofd.soliq.uz/check?t=EP000000000025&r=121&c=20261129083000&s=800031554082";

const payme = async (request: APIRequestContext, method: string, params: Record<string, unknown>) =>
  (await request.post("/api/payments/payme", { headers: { Authorization: PAYME_AUTH }, data: { id: 1, method, params } })).json();

/** A registration paid through Payme, as Payme's calls make it. */
async function paidByPayme(request: APIRequestContext, names: { firstName: string; lastName: string }) {
  const guid = await registerOverHttp(request, { names });
  const id = randomBytes(12).toString("hex");
  expect((await payme(request, "CreateTransaction", { id, time: Date.now(), amount: 7_500_000, account: { guid } })).result.state).toBe(1);
  expect((await payme(request, "PerformTransaction", { id })).result.state).toBe(2);
  return { guid, id };
}

const fiscalData = (status: number) => ({
  receipt_id: 121,
  status_code: status,
  message: status === 0 ? "accepted" : "OFD busy",
  terminal_id: "EP000000000025",
  fiscal_sign: "800031554082",
  qr_code_url: RECEIPT,
  date: "20261129083000",
});

const WAITING = {
  uz: "Chek soliq idorasida ro'yxatdan o'tkazilmoqda",
  "uz-Cyrl": "Чек солиқ идорасида рўйхатдан ўтказилмоқда",
  ru: "Чек регистрируется в налоговой",
};
const LINK = {
  uz: "Soliq idorasida ro'yxatdan o'tgan chekni ochish",
  "uz-Cyrl": "Солиқ идорасида рўйхатдан ўтган чекни очиш",
  ru: "Открыть чек, зарегистрированный в налоговой",
};

test("the family's page says the receipt is on its way, then links it, in the three languages", async ({ page, request }, testInfo) => {
  const { guid, id } = await paidByPayme(request, { firstName: "Nodira", lastName: "Karimova" });
  // A refusal by the operator: to the family, still on its way.
  expect(await payme(request, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData(3) })).toEqual({
    result: { success: true },
    id: 1,
  });
  for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
    await page.goto(`/register/${guid}?lang=${language}`);
    await expect(page.getByTestId("receipt")).toContainText(WAITING[language]);
    await expect(page.getByTestId("receipt").getByRole("link")).toHaveCount(0);
    await expect(page.getByTestId("username")).toBeVisible();
    await screenshot(page, testInfo, `receipt-waiting-${language}`);
  }
  expect(await payme(request, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData(0) })).toEqual({
    result: { success: true },
    id: 1,
  });
  for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
    await page.goto(`/register/${guid}?lang=${language}`);
    const link = page.getByRole("link", { name: LINK[language] });
    await expect(link).toHaveAttribute("href", RECEIPT);
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByTestId("receipt")).toHaveAttribute("data-state", "registered");
    await expect(page.getByTestId("username")).toBeVisible();
    await screenshot(page, testInfo, `receipt-registered-${language}`);
  }
});

const IN_CLICK = {
  uz: "uni Click ilovasidagi to'lovlar tarixida ko'rasiz",
  "uz-Cyrl": "уни Click иловасидаги тўловлар тарихида кўрасиз",
  // Registered or still on its way (on PostgreSQL another suite's job may have sent it already): the Click app either way.
  ru: "в истории платежей в приложении Click",
};
const CARD = {
  uz: "chekni karta to'lovi xizmatining o'zi beradi",
  "uz-Cyrl": "чекни карта тўлови хизматининг ўзи беради",
  ru: "чек выдаёт сам платёжный сервис карты",
};

test("each provider's receipt line is true to it: Payme's link, Click's in the Click app, the card's from the card provider", async ({
  page,
  request,
}, testInfo) => {
  // The demo's families: Sardor paid through Payme (its receipt registered), Anna through Click (queued).
  const card = await newPupil(request, { names: { firstName: "Karta", lastName: "Tolovchi" } });
  for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
    await page.goto(`/register/${DEMO_GUIDS.paid}?lang=${language}`);
    await expect(page.getByTestId("receipt")).toHaveAttribute("data-provider", "payme");
    await expect(page.getByRole("link", { name: LINK[language] })).toHaveAttribute("href", /^https:\/\/ofd\.soliq\.uz\/check\?/);
    await screenshot(page, testInfo, `receipt-payme-${language}`);

    await page.goto(`/register/${DEMO_GUIDS.paidRussian}?lang=${language}`);
    const click = page.getByTestId("receipt");
    await expect(click).toHaveAttribute("data-provider", "click");
    // Click answers no receipt address: no link is promised, the Click app is named.
    await expect(click).toContainText(IN_CLICK[language]);
    await expect(click.getByRole("link")).toHaveCount(0);
    await expect(click).not.toContainText(language === "ru" ? "ссылка" : language === "uz" ? "havola" : "ҳавола");
    await screenshot(page, testInfo, `receipt-click-${language}`);

    await page.goto(`/register/${card.guid}?lang=${language}`);
    await expect(page.getByTestId("receipt")).toHaveAttribute("data-provider", "card");
    await expect(page.getByTestId("receipt")).toContainText(CARD[language]);
    await expect(page.getByTestId("receipt").getByRole("link")).toHaveCount(0);
    await screenshot(page, testInfo, `receipt-card-${language}`);
  }
});

test("the accountant's register lists the payment with its receipt and the day's totals; the board says receipts are off", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { id } = await paidByPayme(request, { firstName: "Sardor", lastName: "Aliyev" });
  await payme(request, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData(0) });
  // Said at the server's start, in its log, as on the board.
  expect(readFileSync(TEST_LOG_FILE, "utf8")).toContain("Fiscal receipts are NOT being registered");
  await signInAt(page, "/admin", ORGANISER);
  await expect(page.getByTestId("no-receipts")).toContainText("To'lov cheklari soliq idorasida ro'yxatdan o'tkazilmayapti");

  await page.goto("/admin/payments?provider=payme");
  const row = page.locator(`tr[data-payment="${id}"]`);
  await expect(row).toContainText("Sardor");
  await expect(row).toContainText("To'langan");
  await expect(row.getByRole("link", { name: "Chekni ochish" })).toHaveAttribute("href", RECEIPT);
  await expect(page.getByTestId("register-totals")).toContainText("Payme");
  // Paid as Payme says: not among the payments whose registration is unpaid (the database may hold
  // other tests' mismatches, made on purpose; the reconciliation's unit test shows them listed).
  await expect(page.getByTestId("reconciliation").locator("h3").first()).toBeVisible();
  await expect(page.getByTestId("reconciliation").locator(`tr[data-payment="${id}"]`)).toHaveCount(0);

  // A day that is not one: said under its field, the provider's filter still applies.
  await page.goto("/admin/payments?provider=payme&day=31.02.2026");
  await expect(page.getByText("Kunni kk.oo.yyyy ko'rinishida kiriting")).toBeVisible();
  await expect(page.locator(`tr[data-payment="${id}"]`)).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("register-export").click();
  expect((await download).suggestedFilename()).toMatch(/^tolovlar.*\.xlsx$/);

  for (const language of ["uz", "uz-Cyrl", "ru"]) {
    await page.goto(`/admin/payments?provider=payme&lang=${language}`);
    await expect(page.locator(`tr[data-payment="${id}"]`)).toBeVisible();
    await screenshot(page, testInfo, `register-${language}`);
    await page.goto(`/admin?lang=${language}`);
    await expect(page.getByTestId("no-receipts")).toBeVisible();
    await screenshot(page, testInfo, `board-no-receipts-${language}`);
  }
});

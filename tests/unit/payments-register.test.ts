// The accountant's register: every provider payment by its Tashkent day (the day filter's bounds
// and the totals' SQL day agree around midnight), each day's totals per provider, the XLSX export
// (a real workbook, audited), and the reconciliation, made non-empty each way once.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { organiserActions, payments, registrations, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { answerPayme } from "@/lib/payments/payme";
import { dayBounds, loadRegister, reconciliation, registerQuery, registerWorkbook } from "@/lib/payments/register";
import { registeringSeason } from "@/lib/seasons/seasons";
import { createTestPupil, createTestRegistration } from "@/lib/testing/pupils";
import { RegistrationStatus } from "@/shared/registration/status";
import { setUpDatabase } from "../support/database";
import { TEST_ENV } from "../support/test-env";

setUpDatabase();

const AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
const FEE_TIYIN = 7_500_000;

/** A registration paid through Payme at `at` (created a minute before); cancelled instead when asked. */
async function paidByPayme(at: string, { cancel = false } = {}) {
  const { guid } = await createTestRegistration();
  const id = randomBytes(12).toString("hex");
  const now = Date.parse(at);
  const call = (method: string, params: Record<string, unknown>, time: number) =>
    answerPayme({ body: { jsonrpc: "2.0", id: 1, method, params }, authorization: AUTH, now: time });
  await call("CreateTransaction", { id, time: now - 60_000, amount: FEE_TIYIN, account: { guid } }, now - 60_000);
  await call(cancel ? "CancelTransaction" : "PerformTransaction", cancel ? { id, reason: 3 } : { id }, now);
  return { guid, id };
}

describe("the register", () => {
  it("puts each payment on its Tashkent day, as the totals' SQL does, and sums each day per provider", async () => {
    // 20 May 23:59:59 and 21 May 00:00:00 in Tashkent (UTC+5): the same UTC day, two Tashkent days.
    const lastOf20th = await paidByPayme("2026-05-20T18:59:59.999Z");
    const firstOf21st = await paidByPayme("2026-05-20T19:00:00.000Z");
    const alsoOn21st = await paidByPayme("2026-05-21T10:00:00.000Z");
    const cancelled = await paidByPayme("2026-05-21T11:00:00.000Z", { cancel: true });
    expect(dayBounds("2026-05-21")).toEqual([Date.parse("2026-05-20T19:00:00Z"), Date.parse("2026-05-21T19:00:00Z")]);

    const on20th = await loadRegister({ day: "2026-05-20", provider: "payme" });
    expect(on20th.items.map((row) => row.providerTransactionId)).toEqual([lastOf20th.id]);
    const on21st = await loadRegister({ day: "2026-05-21", provider: "payme" });
    expect(on21st.items.map((row) => row.providerTransactionId)).toEqual([cancelled.id, alsoOn21st.id, firstOf21st.id]);
    expect(on21st.items.map((row) => row.state)).toEqual([-1, 2, 2]);
    expect(on21st.items[2]).toMatchObject({
      at: "2026-05-20T19:00:00.000Z",
      amountTiyin: FEE_TIYIN,
      provider: "payme",
      guid: firstOf21st.guid,
    });
    // The totals (paid only) group by the SQL day: the same split as the filter's JS bounds.
    expect(on20th.totals).toEqual([{ day: "2026-05-20", provider: "payme", count: 1, amountTiyin: FEE_TIYIN }]);
    expect(on21st.totals).toEqual([{ day: "2026-05-21", provider: "payme", count: 2, amountTiyin: 2 * FEE_TIYIN }]);
    const both = await loadRegister({ provider: "payme" });
    expect(both.totals.filter((t) => ["2026-05-20", "2026-05-21"].includes(t.day))).toEqual([
      { day: "2026-05-21", provider: "payme", count: 2, amountTiyin: 2 * FEE_TIYIN },
      { day: "2026-05-20", provider: "payme", count: 1, amountTiyin: FEE_TIYIN },
    ]);
  });

  it("reads the day as the organiser types it, and refuses one that is not a day", () => {
    expect(registerQuery.parse({ day: "21.05.2026" })).toEqual({ day: "2026-05-21" });
    expect(registerQuery.parse({ day: "2026-05-21", provider: "click" })).toEqual({ day: "2026-05-21", provider: "click" });
    for (const day of ["31.02.2026", "21/05/2026", "<script>", "9".repeat(1000)])
      expect(registerQuery.safeParse({ day }).success, day).toBe(false);
    expect(registerQuery.safeParse({ provider: "cash" }).success).toBe(false);
  });

  it("exports a real workbook with the day's payments and totals, and audits it", async () => {
    const paid = await paidByPayme("2026-05-22T06:30:00.000Z");
    const [organiser] = await db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ENV.ADMIN_USERNAME));
    const season = (await registeringSeason())!;
    const { fileName, data } = await registerWorkbook({
      organiserId: organiser.id,
      query: { day: "2026-05-22", provider: "payme" },
      season: { seasonId: season.seasonId, year: season.year },
    });
    // The export names its season.
    expect(fileName).toBe(`tolovlar-${season.year}-2026-05-22-payme.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as ArrayBuffer);
    const [list, totals] = book.worksheets;
    expect(list.getRow(2).values).toEqual([
      undefined,
      "22.05.2026 11:30:00",
      "Payme",
      paid.id,
      75_000,
      expect.any(String),
      paid.guid,
      "To'langan",
      "—",
      "",
    ]);
    expect(list.rowCount).toBe(2);
    expect(totals.getRow(2).values).toEqual([undefined, "22.05.2026", "Payme", 1, 75_000]);
    const audited = await db
      .select({ details: organiserActions.details })
      .from(organiserActions)
      .where(and(eq(organiserActions.organiserId, organiser.id), eq(organiserActions.action, "payments.export")));
    expect(audited.map((a) => (typeof a.details === "string" ? JSON.parse(a.details) : a.details))).toContainEqual({
      season: season.year,
      day: "2026-05-22",
      provider: "payme",
      rows: 1,
    });
  });
});

describe("the reconciliation", () => {
  it("is empty for payments and registrations that agree, and shows each kind of mismatch", async () => {
    const agreeing = await paidByPayme("2026-05-23T06:00:00.000Z");
    const testPupil = await createTestPupil();
    const guidsOf = async () => {
      const found = await reconciliation();
      return {
        payments: found.paymentsWithoutPaidRegistration.map((row) => row.guid),
        registrations: found.paidWithoutPayment.map((row) => row.guid),
      };
    };
    let found = await guidsOf();
    for (const guid of [agreeing.guid, testPupil.guid]) {
      expect(found.payments).not.toContain(guid);
      expect(found.registrations).not.toContain(guid);
    }

    // A provider's payment whose registration is not marked paid.
    await db.update(registrations).set({ status: RegistrationStatus.Registered }).where(eq(registrations.guid, agreeing.guid));
    // A registration marked paid with no provider payment.
    const { guid: unpaid } = await createTestRegistration();
    await db.update(registrations).set({ status: RegistrationStatus.Paid, paidAt: new Date() }).where(eq(registrations.guid, unpaid));
    found = await guidsOf();
    expect(found.payments).toContain(agreeing.guid);
    expect(found.registrations).toContain(unpaid);

    // Put right: both gone.
    await db.update(registrations).set({ status: RegistrationStatus.Paid }).where(eq(registrations.guid, agreeing.guid));
    await db.update(registrations).set({ status: RegistrationStatus.Registered, paidAt: null }).where(eq(registrations.guid, unpaid));
    found = await guidsOf();
    expect(found.payments).not.toContain(agreeing.guid);
    expect(found.registrations).not.toContain(unpaid);
    // The test pupil's made-up payment is in the register as a card payment.
    const [made] = await db.select().from(payments).where(eq(payments.registrationGuid, testPupil.guid));
    expect(made).toMatchObject({ provider: "card", providerTransactionId: `test-${testPupil.guid}`, state: 2 });
  });
});

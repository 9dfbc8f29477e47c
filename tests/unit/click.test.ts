// Click's SHOP API test matrix (payments.md): signatures over the raw values, every error code,
// cancellation on Click's error; and one payment when two providers or replays race.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as completeRoute } from "@/app/api/payments/click/complete/route";
import { POST as prepareRoute } from "@/app/api/payments/click/prepare/route";
import { payments, registrations, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { confirmSandboxPayment } from "@/lib/payments/card";
import { answerClick, type ClickAnswer } from "@/lib/payments/click";
import { answerPayme } from "@/lib/payments/payme";
import { createTestRegistration } from "@/lib/testing/pupils";
import { type ClickFields as Fields, clickPrepareFields as prepareFields, clickSigned as signed } from "../support/click";
import { setUpDatabase } from "../support/database";
import { TEST_ENV } from "../support/test-env";

setUpDatabase();

const prepare = (fields: Fields) => answerClick("prepare", new URLSearchParams(fields));
const complete = (fields: Fields) => answerClick("complete", new URLSearchParams(fields));

async function prepared(overrides: Fields = {}) {
  const { guid, userId } = await createTestRegistration();
  const fields = prepareFields(guid, overrides);
  const answer = await prepare(signed(fields));
  expect(answer).toMatchObject({ error: 0, click_trans_id: fields.click_trans_id, merchant_trans_id: guid });
  const completeFields = { ...fields, action: "1", merchant_prepare_id: String(answer.merchant_prepare_id) };
  return { guid, userId, fields, answer, completeFields };
}

const status = async (guid: string) =>
  (await db.select({ status: registrations.status }).from(registrations).where(eq(registrations.guid, guid)))[0].status;

describe("Click Prepare", () => {
  it("1. success: a prepare id; the same click_trans_id again gets the same one", async () => {
    const p = await prepared();
    expect(p.answer).toEqual({
      click_trans_id: p.fields.click_trans_id,
      merchant_trans_id: p.guid,
      merchant_prepare_id: expect.any(Number),
      error: 0,
      error_note: "Success",
    });
    expect((await prepare(signed(p.fields))).merchant_prepare_id).toBe(p.answer.merchant_prepare_id);
  });

  it("2. a wrong signature is -1 (another secret, a changed value, the amount reformatted)", async () => {
    const { guid } = await createTestRegistration();
    const fields = prepareFields(guid);
    expect((await prepare(signed(fields, "wrong-secret"))).error).toBe(-1);
    expect((await prepare({ ...signed(fields), amount: "75000.00" })).error).toBe(-1);
    expect((await prepare({ ...signed(fields), sign_string: "x" })).error).toBe(-1);
  });

  it("3. a wrong amount is -2; 75000.00 signed as sent is the same amount", async () => {
    const { guid } = await createTestRegistration();
    for (const amount of ["74999", "75001", "7500000", "abc", "-75000", "Infinity"]) {
      expect((await prepare(signed(prepareFields(guid, { amount })))).error, amount).toBe(-2);
    }
    expect((await prepare(signed(prepareFields(guid, { amount: "75000.00" })))).error).toBe(0);
  });

  it("4. an unknown action is -3", async () => {
    const { guid } = await createTestRegistration();
    expect((await prepare(signed(prepareFields(guid, { action: "5" })))).error).toBe(-3);
    expect((await prepare(signed(prepareFields(guid, { action: "1" })))).error).toBe(-3);
  });

  it("5. an unknown or malformed guid is -5", async () => {
    expect((await prepare(signed(prepareFields("6f1c1b2e-8a3d-4c5e-9f70-1a2b3c4d5e6f")))).error).toBe(-5);
    expect(await prepare(signed(prepareFields("<script>")))).toMatchObject({ error: -5, merchant_prepare_id: null });
  });

  it("6. a missing field is -8", async () => {
    const { guid } = await createTestRegistration();
    for (const name of ["click_trans_id", "service_id", "merchant_trans_id", "amount", "action", "sign_time", "sign_string"]) {
      const fields = signed(prepareFields(guid));
      delete fields[name];
      expect((await prepare(fields)).error, name).toBe(-8);
    }
  });

  it("3b. an amount not written as Click writes it (so'm, at most two decimals) is -2, though signed and worth the fee", async () => {
    const { guid } = await createTestRegistration();
    for (const amount of ["7.5e4", "75e3", "0x124F8", "0o222370", "0b10010010011111000", "+75000", " 75000", "75000.000", "75000."])
      expect((await prepare(signed(prepareFields(guid, { amount })))).error, amount).toBe(-2);
    const p = await prepared();
    expect((await complete(signed({ ...p.completeFields, amount: "7.5e4" }))).error).toBe(-2);
    expect(await status(p.guid)).toBe(1);
  });

  it("6b. another service's call, or a malformed service_id or error, is -8, though signed", async () => {
    const { guid } = await createTestRegistration();
    for (const service_id of ["12345", "0x0", "abc"])
      expect((await prepare(signed(prepareFields(guid, { service_id })))).error, service_id).toBe(-8);
    for (const error of ["abc", "0x0", "1e0", " 0", "-5017abc"])
      expect((await prepare(signed(prepareFields(guid, { error })))).error, error).toBe(-8);
  });

  it("7. a paid registration is -4", async () => {
    const p = await prepared();
    expect((await complete(signed(p.completeFields))).error).toBe(0);
    expect((await prepare(signed(prepareFields(p.guid)))).error).toBe(-4);
  });
});

describe("Click Complete", () => {
  it("8. success: Paid, a login, merchant_confirm_id", async () => {
    const p = await prepared();
    const answer = await complete(signed(p.completeFields));
    expect(answer).toEqual({
      click_trans_id: p.fields.click_trans_id,
      merchant_trans_id: p.guid,
      merchant_confirm_id: p.answer.merchant_prepare_id,
      error: 0,
      error_note: "Success",
    });
    expect(await status(p.guid)).toBe(2);
    const [user] = await db.select().from(users).where(eq(users.id, p.userId));
    expect(user.username).toBeTruthy();
    expect(user.passwordEncrypted).toBeTruthy();
  });

  it("9. a wrong signature is -1 and nothing is paid", async () => {
    const p = await prepared();
    expect((await complete(signed(p.completeFields, "nope"))).error).toBe(-1);
    expect((await complete({ ...signed(p.completeFields), merchant_prepare_id: "999999" })).error).toBe(-1);
    expect(await status(p.guid)).toBe(1);
  });

  it("10. a wrong amount is -2", async () => {
    const p = await prepared();
    expect((await complete(signed({ ...p.completeFields, amount: "1000" }))).error).toBe(-2);
  });

  it("11. an unknown prepare id, or another transaction's, is -6", async () => {
    const p = await prepared();
    const q = await prepared();
    expect((await complete(signed({ ...p.completeFields, merchant_prepare_id: "2147483000" }))).error).toBe(-6);
    expect((await complete(signed({ ...p.completeFields, merchant_prepare_id: q.completeFields.merchant_prepare_id }))).error).toBe(-6);
    expect((await complete(signed({ ...p.completeFields, merchant_prepare_id: "abc" }))).error).toBe(-6);
  });

  it("12. completing again is -4 (already paid)", async () => {
    const p = await prepared();
    expect((await complete(signed(p.completeFields))).error).toBe(0);
    expect((await complete(signed(p.completeFields))).error).toBe(-4);
  });

  it("13. Click's error cancels the prepare (-9); a later success for it is still -9", async () => {
    const p = await prepared();
    const failed = await complete(signed({ ...p.completeFields, error: "-5017", error_note: "Insufficient funds" }));
    expect(failed.error).toBe(-9);
    expect((await complete(signed(p.completeFields))).error).toBe(-9);
    expect(await status(p.guid)).toBe(1);
    // The parent may pay again with a new Click transaction.
    const retry = prepareFields(p.guid);
    const again = await prepare(signed(retry));
    expect(again.error).toBe(0);
    expect((await complete(signed({ ...retry, action: "1", merchant_prepare_id: String(again.merchant_prepare_id) }))).error).toBe(0);
  });

  it("14. an unknown guid is -5; a missing merchant_prepare_id is -8", async () => {
    const p = await prepared();
    expect((await complete(signed({ ...p.completeFields, merchant_trans_id: "6f1c1b2e-8a3d-4c5e-9f70-1a2b3c4d5e6f" }))).error).toBe(-5);
    const { merchant_prepare_id: _omitted, ...withoutPrepare } = p.completeFields;
    expect((await complete({ ...withoutPrepare, sign_string: signed(p.completeFields).sign_string })).error).toBe(-8);
  });

  it("13b. Click's error that is not an integer is -8: nothing is paid, nothing cancelled", async () => {
    const p = await prepared();
    for (const error of ["abc", "0x0", "0.0", "-0.5", "1e0", "+0"])
      expect((await complete(signed({ ...p.completeFields, error }))).error, error).toBe(-8);
    expect((await complete(signed({ ...p.completeFields, service_id: "12345" }))).error).toBe(-8);
    expect(await status(p.guid)).toBe(1);
    // The prepare still stands: Click's real Complete pays it.
    expect((await complete(signed(p.completeFields))).error).toBe(0);
    expect(await status(p.guid)).toBe(2);
  });

  it("15. action 0 sent to Complete is -3", async () => {
    const p = await prepared();
    expect((await complete(signed({ ...p.completeFields, action: "0" }))).error).toBe(-3);
  });
});

describe("a body larger than the route takes", () => {
  it("is Click's -8 with HTTP 200, the same from the route and from the front door that refuses it unread", async () => {
    for (const [action, route] of [
      ["prepare", prepareRoute],
      ["complete", completeRoute],
    ] as const) {
      const response = await route(
        new NextRequest(`http://localhost/api/payments/click/${action}`, {
          method: "POST",
          body: `click_trans_id=1&${"x".repeat(70_000)}`,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
        { params: Promise.resolve({}) },
      );
      expect(response.status, action).toBe(200);
      const routes = await response.json();
      expect(routes, action).toMatchObject({ error: -8, error_note: "Error in request from click" });
      const { providerBodyRefusal } = await import("@/lib/payments/provider-refusal.mjs");
      expect(JSON.parse(providerBodyRefusal(`/api/payments/click/${action}`) ?? "null"), action).toEqual(routes);
    }
  });
});

describe("one payment per registration, whoever pays", () => {
  const paymeAuth = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
  const payme = (method: string, params: Record<string, unknown>) =>
    answerPayme({ body: { id: 1, method, params }, authorization: paymeAuth }) as Promise<{
      result?: Record<string, unknown>;
      error?: { code: number };
    }>;

  it("Payme and Click complete at the same moment: exactly one wins, the other is told it is paid", async () => {
    for (let round = 0; round < 5; round++) {
      const p = await prepared();
      const id = randomBytes(12).toString("hex");
      const created = await payme("CreateTransaction", { id, time: Date.now(), amount: 7_500_000, account: { guid: p.guid } });
      expect(created.result?.state).toBe(1);
      const [viaPayme, viaClick] = await Promise.all([payme("PerformTransaction", { id }), complete(signed(p.completeFields))]);
      const paymeWon = viaPayme.result?.state === 2;
      const clickWon = viaClick.error === 0;
      expect(paymeWon !== clickWon, JSON.stringify({ viaPayme, viaClick })).toBe(true);
      if (paymeWon) expect(viaClick.error).toBe(-4);
      else expect(viaPayme.error?.code).toBe(-31051);
      const rows = await db.select().from(payments).where(eq(payments.registrationGuid, p.guid));
      expect(rows.filter((r) => r.state === 2)).toHaveLength(1);
    }
  });

  it("fifty replays of one Click Complete at once: one payment, one success, the rest 'already paid'", async () => {
    const p = await prepared();
    const answers: ClickAnswer[] = await Promise.all(Array.from({ length: 50 }, () => complete(signed(p.completeFields))));
    expect(answers.filter((a) => a.error === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.error === -4)).toHaveLength(49);
    const rows = await db.select().from(payments).where(eq(payments.registrationGuid, p.guid));
    expect(rows.filter((r) => r.state === 2)).toHaveLength(1);
  });

  it("the sandbox card pays through the same service: once, for the fee only", async () => {
    const { guid } = await createTestRegistration();
    await expect(confirmSandboxPayment({ guid, amountSom: 1000 })).rejects.toMatchObject({ status: 422 });
    expect(await status(guid)).toBe(1);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => confirmSandboxPayment({ guid, amountSom: 75_000 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(AppError);
      if (r.status === "rejected") expect((r.reason as AppError).code).toBe(1001);
    }
    expect(await status(guid)).toBe(2);
    const p = await prepared();
    await confirmSandboxPayment({ guid: p.guid, amountSom: 75_000 });
    expect((await complete(signed(p.completeFields))).error).toBe(-4);
  });
});

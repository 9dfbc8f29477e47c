// Payme's Merchant API as its sandbox drives it (payments.md): auth, amounts, accounts, the state
// machine, repeats, cancellation, the 12-hour timeout, statements — on a controllable clock.
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/payments/payme/route";
import { paymentEvents, payments, registrations, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { decryptPassword } from "@/lib/payments/credentials";
import { answerPayme, PAYME_TIMEOUT_MS, type PaymeAnswer } from "@/lib/payments/payme";
import { createTestRegistration } from "@/lib/testing/pupils";
import { setUpDatabase } from "../support/database";
import { TEST_ENV } from "../support/test-env";

setUpDatabase();

const AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
const FEE_TIYIN = 7_500_000;
const T0 = 1_780_000_000_000;
let rpcId = 0;

const paymeId = () => randomBytes(12).toString("hex");

async function call(method: string, params: Record<string, unknown>, now = T0, authorization: string | null = AUTH) {
  const id = ++rpcId;
  const answer = await answerPayme({ body: { jsonrpc: "2.0", id, method, params }, authorization, now });
  expect(answer.id).toBe(id);
  return answer as PaymeAnswer & { result?: Record<string, unknown>; error?: { code: number; data?: string; message: object } };
}

const errorCode = (answer: { error?: { code: number } }) => answer.error?.code;

async function order() {
  const { guid, userId } = await createTestRegistration();
  return { guid, userId, account: { guid } };
}

async function created(now = T0) {
  const o = await order();
  const id = paymeId();
  const answer = await call("CreateTransaction", { id, time: now - 1000, amount: FEE_TIYIN, account: o.account }, now);
  expect(answer.result?.state).toBe(1);
  return { ...o, id, answer };
}

describe("authorisation and the RPC envelope", () => {
  it("a missing or wrong key is -32504 for every method", async () => {
    const o = await order();
    for (const authorization of [null, `Basic ${Buffer.from("Paycom:wrong").toString("base64")}`, "Bearer x", `${AUTH}x`]) {
      const answer = await call("CheckPerformTransaction", { amount: FEE_TIYIN, account: o.account }, T0, authorization);
      expect(errorCode(answer)).toBe(-32504);
      expect(answer.error?.message).toEqual({ uz: expect.any(String), ru: expect.any(String), en: expect.any(String) });
    }
  });

  it("an unknown method is -32601; a call without method or params is -32600", async () => {
    expect(errorCode(await call("DropTables", {}))).toBe(-32601);
    expect(errorCode(await call("__proto__", {}))).toBe(-32601);
    const noParams = await answerPayme({ body: { id: 7, method: "CheckTransaction" }, authorization: AUTH, now: T0 });
    expect(noParams).toMatchObject({ id: 7, error: { code: -32600 } });
  });
});

describe("CheckPerformTransaction", () => {
  it("allows the fee for a registered, unpaid order", async () => {
    const o = await order();
    expect((await call("CheckPerformTransaction", { amount: FEE_TIYIN, account: o.account })).result).toEqual({ allow: true });
  });

  it("a wrong amount is -31001; an unknown, malformed or missing account is -31050 on guid", async () => {
    const o = await order();
    for (const amount of [FEE_TIYIN - 100, FEE_TIYIN * 10, 75_000, 0, -FEE_TIYIN, "7500000", 7_500_000.5]) {
      expect(errorCode(await call("CheckPerformTransaction", { amount, account: o.account })), String(amount)).toBe(-31001);
    }
    for (const account of [{ guid: randomUUID() }, { guid: "not-a-guid" }, {}, undefined, { guid: "' or 1=1 --" }]) {
      const answer = await call("CheckPerformTransaction", { amount: FEE_TIYIN, account });
      expect(errorCode(answer), JSON.stringify(account)).toBe(-31050);
      expect(answer.error?.data).toBe("guid");
    }
  });

  it("a paid order is refused in the account range", async () => {
    const t = await created();
    await call("PerformTransaction", { id: t.id });
    const answer = await call("CheckPerformTransaction", { amount: FEE_TIYIN, account: t.account });
    expect(answer.error?.code).toBeLessThanOrEqual(-31050);
    expect(answer.error?.code).toBeGreaterThanOrEqual(-31099);
  });
});

describe("CreateTransaction", () => {
  it("creates state 1 and answers the same for the same id", async () => {
    const t = await created();
    expect(t.answer.result).toEqual({ create_time: T0, transaction: expect.any(String), state: 1 });
    const again = await call("CreateTransaction", { id: t.id, time: T0 - 1000, amount: FEE_TIYIN, account: t.account }, T0 + 5000);
    expect(again.result).toEqual(t.answer.result);
  });

  it("a second transaction while one is waiting is -31008", async () => {
    const t = await created();
    const other = await call("CreateTransaction", { id: paymeId(), time: T0, amount: FEE_TIYIN, account: t.account }, T0 + 1000);
    expect(errorCode(other)).toBe(-31008);
  });

  it("checks amount and account as CheckPerformTransaction does", async () => {
    const o = await order();
    expect(errorCode(await call("CreateTransaction", { id: paymeId(), time: T0, amount: 100, account: o.account }))).toBe(-31001);
    expect(
      errorCode(await call("CreateTransaction", { id: paymeId(), time: T0, amount: FEE_TIYIN, account: { guid: randomUUID() } })),
    ).toBe(-31050);
  });
});

describe("PerformTransaction", () => {
  it("performs once: the registration is Paid, the pupil has a login; a repeat answers the same perform_time", async () => {
    const t = await created();
    const performed = await call("PerformTransaction", { id: t.id }, T0 + 60_000);
    expect(performed.result).toEqual({ transaction: t.answer.result!.transaction, perform_time: T0 + 60_000, state: 2 });
    const [registration] = await db.select().from(registrations).where(eq(registrations.guid, t.guid));
    expect(registration.status).toBe(2);
    const [user] = await db.select().from(users).where(eq(users.id, t.userId));
    expect(user.username).toMatch(/^[a-z]{5}[0-9]{4}$/);
    expect(decryptPassword(user.passwordEncrypted!)).toMatch(/^[a-zA-Z2-9]{10}$/);

    const again = await call("PerformTransaction", { id: t.id }, T0 + 120_000);
    expect(again.result).toEqual(performed.result);
    const [same] = await db.select().from(users).where(eq(users.id, t.userId));
    expect(same.username).toBe(user.username);
    expect(same.passwordHash).toBe(user.passwordHash);
  });

  it("an unknown transaction is -31003", async () => {
    expect(errorCode(await call("PerformTransaction", { id: paymeId() }))).toBe(-31003);
  });

  it("a cancelled transaction cannot be performed (-31008)", async () => {
    const t = await created();
    await call("CancelTransaction", { id: t.id, reason: 3 });
    expect(errorCode(await call("PerformTransaction", { id: t.id }))).toBe(-31008);
  });
});

describe("CancelTransaction", () => {
  it("before perform: state -1 with the reason; a repeat answers the same cancel_time", async () => {
    const t = await created();
    const cancelled = await call("CancelTransaction", { id: t.id, reason: 3 }, T0 + 1000);
    expect(cancelled.result).toEqual({ transaction: t.answer.result!.transaction, cancel_time: T0 + 1000, state: -1 });
    expect((await call("CancelTransaction", { id: t.id, reason: 3 }, T0 + 9000)).result).toEqual(cancelled.result);
    const [registration] = await db.select().from(registrations).where(eq(registrations.guid, t.guid));
    expect(registration.status).toBe(1);
  });

  it("after perform the fee is non-refundable: -31007, and the registration stays Paid", async () => {
    const t = await created();
    await call("PerformTransaction", { id: t.id });
    expect(errorCode(await call("CancelTransaction", { id: t.id, reason: 5 }))).toBe(-31007);
    const check = await call("CheckTransaction", { id: t.id });
    expect(check.result?.state).toBe(2);
  });

  it("an unknown transaction is -31003", async () => {
    expect(errorCode(await call("CancelTransaction", { id: paymeId(), reason: 1 }))).toBe(-31003);
  });
});

describe("CheckTransaction", () => {
  it("reports each state with 0 and null where there is none", async () => {
    const t = await created();
    const transaction = t.answer.result!.transaction;
    expect((await call("CheckTransaction", { id: t.id })).result).toEqual({
      create_time: T0,
      perform_time: 0,
      cancel_time: 0,
      transaction,
      state: 1,
      reason: null,
    });
    await call("PerformTransaction", { id: t.id }, T0 + 10);
    expect((await call("CheckTransaction", { id: t.id })).result).toEqual({
      create_time: T0,
      perform_time: T0 + 10,
      cancel_time: 0,
      transaction,
      state: 2,
      reason: null,
    });
    const c = await created();
    await call("CancelTransaction", { id: c.id, reason: 2 }, T0 + 20);
    expect((await call("CheckTransaction", { id: c.id })).result).toMatchObject({ cancel_time: T0 + 20, state: -1, reason: 2 });
    expect(errorCode(await call("CheckTransaction", { id: paymeId() }))).toBe(-31003);
  });
});

describe("the 12-hour timeout", () => {
  it("a created transaction older than 12 h is cancelled with reason 4 and answers -31008", async () => {
    const t = await created();
    const late = T0 + PAYME_TIMEOUT_MS + 1;
    expect(errorCode(await call("PerformTransaction", { id: t.id }, late))).toBe(-31008);
    expect((await call("CheckTransaction", { id: t.id }, late)).result).toMatchObject({ state: -1, reason: 4, cancel_time: late });
    expect(errorCode(await call("CreateTransaction", { id: t.id, time: T0, amount: FEE_TIYIN, account: t.account }, late))).toBe(-31008);
  });

  it("exactly 12 h is still in time; a new transaction may replace an expired one", async () => {
    const t = await created();
    expect((await call("PerformTransaction", { id: t.id }, T0 + PAYME_TIMEOUT_MS)).result?.state).toBe(2);

    const u = await created();
    const late = T0 + PAYME_TIMEOUT_MS + 1;
    const replacement = await call("CreateTransaction", { id: paymeId(), time: late, amount: FEE_TIYIN, account: u.account }, late);
    expect(replacement.result?.state).toBe(1);
    expect((await call("CheckTransaction", { id: u.id }, late)).result).toMatchObject({ state: -1, reason: 4 });
  });
});

describe("GetStatement", () => {
  it("lists transactions by Payme time in [from, to], ascending, with every field", async () => {
    const base = T0 + 7 * 24 * 3_600_000 + Math.floor(Math.random() * 1_000_000) * 1000;
    const made = [];
    for (const offset of [3000, 1000, 2000]) {
      const o = await order();
      const id = paymeId();
      await call("CreateTransaction", { id, time: base + offset, amount: FEE_TIYIN, account: o.account }, base + offset + 5);
      made.push({ id, offset, guid: o.guid });
    }
    await call("PerformTransaction", { id: made[1].id }, base + 9000);
    const statement = await call("GetStatement", { from: base + 1000, to: base + 2000 });
    const transactions = statement.result!.transactions as Record<string, unknown>[];
    expect(transactions.map((t) => t.id)).toEqual([made[1].id, made[2].id]);
    expect(transactions[0]).toEqual({
      id: made[1].id,
      time: base + 1000,
      amount: FEE_TIYIN,
      account: { guid: made[1].guid },
      create_time: base + 1005,
      perform_time: base + 9000,
      cancel_time: 0,
      transaction: expect.any(String),
      state: 2,
      reason: null,
    });
  });
});

/** The route context Next passes a route without dynamic segments. */
const NO_PARAMS = { params: Promise.resolve({}) };

describe("the audit trail", () => {
  it("records every call and our answer, without the Authorization header", async () => {
    const o = await order();
    const body = JSON.stringify({ id: 91, method: "CheckPerformTransaction", params: { amount: FEE_TIYIN, account: o.account } });
    const response = await POST(
      new NextRequest("http://localhost/api/payments/payme", { method: "POST", body, headers: { Authorization: AUTH } }),
      NO_PARAMS,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { allow: true }, id: 91 });
    const [event] = await db.select().from(paymentEvents).orderBy(desc(paymentEvents.id)).limit(1);
    expect(event).toMatchObject({ provider: "payme", action: "CheckPerformTransaction", request: body });
    expect(JSON.parse(event.response)).toEqual({ result: { allow: true }, id: 91 });
    expect(event.request + event.response).not.toContain(TEST_ENV.PAYME_KEY);
  });

  it("a call without Payme's key gets a small, capped line naming no registration: nobody can fill the audit", async () => {
    const o = await order();
    const body = JSON.stringify({
      id: 95,
      method: "CheckPerformTransaction",
      params: { amount: FEE_TIYIN, account: o.account, padding: "x".repeat(60_000) },
    });
    const [last] = await db.select({ id: paymentEvents.id }).from(paymentEvents).orderBy(desc(paymentEvents.id)).limit(1);
    for (let i = 0; i < 80; i++) {
      const response = await POST(new NextRequest("http://localhost/api/payments/payme", { method: "POST", body }), NO_PARAMS);
      expect((await response.json()).error.code).toBe(-32504);
    }
    // This file's calls only (another file may write Click's events beside it).
    const added = await db
      .select()
      .from(paymentEvents)
      .where(and(gt(paymentEvents.id, last?.id ?? 0), eq(paymentEvents.provider, "payme")));
    expect(added.length).toBeLessThanOrEqual(60);
    expect(added.length).toBeGreaterThan(0);
    for (const event of added) {
      expect(event.registrationGuid).toBeNull();
      expect(event.action).toBe("unauthenticated:CheckPerformTransaction");
      expect(event.request.length + event.response.length).toBeLessThan(700);
    }
  });
});

describe("control characters (a NUL) in a call", () => {
  const send = async (body: string) => {
    const response = await POST(
      new NextRequest("http://localhost/api/payments/payme", { method: "POST", body, headers: { Authorization: AUTH } }),
      NO_PARAMS,
    );
    expect(response.status).toBe(200);
    const [event] = await db.select().from(paymentEvents).orderBy(desc(paymentEvents.id)).limit(1);
    return { answer: await response.json(), event };
  };

  it("a NUL in a value or the method is a malformed request (-32600), recorded in the audit trail", async () => {
    const inId = JSON.stringify({ id: 92, method: "CheckTransaction", params: { id: "abc\u0000def" } });
    const byId = await send(inId);
    expect(byId.answer.error.code).toBe(-32600);
    expect(byId.event).toMatchObject({ action: "CheckTransaction", request: inId });

    const inMethod = JSON.stringify({ id: 93, method: "Check\u0000Transaction", params: { id: "5f3a1b2c3d4e5f6a7b8c9d0e" } });
    const byMethod = await send(inMethod);
    expect(byMethod.answer.error.code).toBe(-32600);
    expect(byMethod.event).toMatchObject({ action: "Check\\u0000Transaction", request: inMethod });
  });

  it("a raw NUL byte in the body is a parse error (-32700), recorded with the byte escaped", async () => {
    const raw = '{"id":94,"method":"CheckTransaction","params":{"id":"a\u0000b"}}';
    const { answer, event } = await send(raw);
    expect(answer.error.code).toBe(-32700);
    expect(event.request).toBe(raw.replace("\u0000", "\\u0000"));
  });
});

describe("a body larger than the route takes", () => {
  it("is Payme's parse error with HTTP 200, the same from the route and from the front door that refuses it unread", async () => {
    const body = JSON.stringify({ id: 95, method: "CheckTransaction", params: { pad: "x".repeat(100_000) } });
    const response = await POST(
      new NextRequest("http://localhost/api/payments/payme", { method: "POST", body, headers: { Authorization: AUTH } }),
      NO_PARAMS,
    );
    expect(response.status).toBe(200);
    const routes = await response.json();
    expect(routes).toEqual({
      error: { code: -32700, message: { uz: expect.any(String), ru: expect.any(String), en: expect.any(String) } },
      id: null,
    });
    const { providerBodyRefusal } = await import("@/lib/payments/provider-refusal.mjs");
    expect(JSON.parse(providerBodyRefusal("/api/payments/payme") ?? "null")).toEqual(routes);
    // Any other path keeps the front door's own 413.
    expect(providerBodyRefusal("/api/Identity/Login")).toBeNull();
  });
});

describe("one payment per registration", () => {
  it("fifty replays of one PerformTransaction at once: one payment, one login, the same answer", async () => {
    const t = await created();
    const answers = await Promise.all(Array.from({ length: 50 }, () => call("PerformTransaction", { id: t.id }, T0 + 500)));
    const first = answers[0].result;
    expect(first?.state).toBe(2);
    for (const answer of answers) expect(answer.result).toEqual(first);
    const rows = await db.select().from(payments).where(eq(payments.registrationGuid, t.guid));
    expect(rows.filter((p) => p.state === 2)).toHaveLength(1);
  });
});

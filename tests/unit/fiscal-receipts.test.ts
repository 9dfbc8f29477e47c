// The fee's fiscal receipt (payments.md, "Fiscal receipts"): the settings, all or none; Payme's
// item in CheckPerformTransaction and its SetFiscalData kept; Click's submit_items from a durable
// job, against a local stand-in that refuses, does not answer, answers garbage and accepts.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { familyEvents, fiscalReceipts, payments } from "@/db/schema";
import { db } from "@/lib/db/client";
import { createTestRegistration } from "@/lib/testing/pupils";
import { clickPrepareFields, clickSigned } from "../support/click";
import { setUpDatabase } from "../support/database";
import { TEST_ENV, TEST_FISCAL } from "../support/test-env";

setUpDatabase();

const FEE_TIYIN = 7_500_000;
const AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;

/** The modules as a process started with `env` loads them (config is read once per process). */
async function started(env: Record<string, string | undefined>) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return {
    config: (await import("@/lib/config")).config,
    fiscal: { ...(await import("@/lib/payments/fiscal")), ...(await import("@/lib/payments/click-receipts")) },
    payme: await import("@/lib/payments/payme"),
    click: await import("@/lib/payments/click"),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the fiscal settings", () => {
  it("are all or none; without them no receipt is registered", async () => {
    const none = await started({});
    expect(none.config().fiscal).toBeNull();
    const all = await started(TEST_FISCAL);
    expect(all.config().fiscal).toEqual({
      title: TEST_FISCAL.FISCAL_ITEM_TITLE,
      mxikCode: TEST_FISCAL.FISCAL_MXIK_CODE,
      packageCode: TEST_FISCAL.FISCAL_PACKAGE_CODE,
      vatPercent: 12,
      tin: TEST_FISCAL.FISCAL_TIN,
    });
    const partial = await started({ ...TEST_FISCAL, FISCAL_PACKAGE_CODE: undefined, FISCAL_TIN: undefined });
    expect(() => partial.config()).toThrow("Invalid configuration: FISCAL_PACKAGE_CODE, FISCAL_TIN");
  });

  it("refuse to start on a malformed value, naming the setting", async () => {
    for (const [name, value] of [
      ["FISCAL_MXIK_CODE", "1030500800200000"],
      ["FISCAL_MXIK_CODE", "10305008002000000; drop table"],
      ["FISCAL_PACKAGE_CODE", "kg"],
      ["FISCAL_VAT_PERCENT", "112"],
      ["FISCAL_VAT_PERCENT", "twelve"],
      ["FISCAL_TIN", "12345"],
      ["FISCAL_ITEM_TITLE", "a\u0000b"],
      ["FISCAL_ITEM_TITLE", "x".repeat(64)],
      ["CLICK_MERCHANT_USER_ID", "user"],
    ]) {
      const loaded = await started({ ...TEST_FISCAL, [name]: value });
      expect(() => loaded.config(), `${name}=${value}`).toThrow(`Invalid configuration: ${name} (`);
    }
    const noUser = await started({ ...TEST_FISCAL, CLICK_MERCHANT_USER_ID: undefined });
    expect(() => noUser.config()).toThrow("Invalid configuration: CLICK_MERCHANT_USER_ID");
  });
});

describe("Payme", () => {
  let rpcId = 0;
  const call = async (
    payme: Awaited<ReturnType<typeof started>>["payme"],
    method: string,
    params: Record<string, unknown>,
    authorization = AUTH,
  ) =>
    (await payme.answerPayme({ body: { jsonrpc: "2.0", id: ++rpcId, method, params }, authorization })) as {
      result?: Record<string, unknown>;
      error?: { code: number; data?: string };
    };

  /** A Payme transaction of a new registration, created (and performed unless `perform` is false). */
  async function transaction(payme: Awaited<ReturnType<typeof started>>["payme"], { perform = true, cancel = false } = {}) {
    const { guid } = await createTestRegistration();
    const id = randomBytes(12).toString("hex");
    expect((await call(payme, "CreateTransaction", { id, time: Date.now(), amount: FEE_TIYIN, account: { guid } })).result?.state).toBe(1);
    if (perform) expect((await call(payme, "PerformTransaction", { id })).result?.state).toBe(2);
    if (cancel) expect((await call(payme, "CancelTransaction", { id, reason: 3 })).result?.state).toBe(-1);
    return { guid, id };
  }
  const fiscalData = (overrides: Record<string, unknown> = {}) => ({
    receipt_id: 121,
    status_code: 0,
    message: "accepted",
    terminal_id: "EP000000000025",
    fiscal_sign: "800031554082",
    qr_code_url: "https://ofd.soliq.uz/check?t=EP000000000025&r=121&c=20261129083000&s=800031554082",
    date: "20261129083000",
    ...overrides,
  });
  const kept = async (fiscal: Awaited<ReturnType<typeof started>>["fiscal"], guid: string) => fiscal.receiptOfRegistration(guid);

  it("CheckPerformTransaction answers the receipt's item, its total the amount, when the fiscal data is set", async () => {
    const { payme } = await started(TEST_FISCAL);
    const { guid } = await createTestRegistration();
    const answer = await call(payme, "CheckPerformTransaction", { amount: FEE_TIYIN, account: { guid } });
    expect(answer.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          {
            title: TEST_FISCAL.FISCAL_ITEM_TITLE,
            price: FEE_TIYIN,
            count: 1,
            code: TEST_FISCAL.FISCAL_MXIK_CODE,
            package_code: TEST_FISCAL.FISCAL_PACKAGE_CODE,
            vat_percent: 12,
          },
        ],
      },
    });
    const items = (answer.result!.detail as { items: { price: number; count: number }[] }).items;
    expect(items.reduce((total, item) => total + item.price * item.count, 0)).toBe(FEE_TIYIN);
    // A wrong amount is still -31001, with or without fiscal data.
    expect((await call(payme, "CheckPerformTransaction", { amount: FEE_TIYIN - 100, account: { guid } })).error?.code).toBe(-31001);
    const without = await started({});
    expect((await call(without.payme, "CheckPerformTransaction", { amount: FEE_TIYIN, account: { guid } })).result).toEqual({
      allow: true,
    });
  });

  it("SetFiscalData keeps the receipt with its performed transaction, once however often it comes", async () => {
    const { payme, fiscal } = await started(TEST_FISCAL);
    const { guid, id } = await transaction(payme);
    expect(await kept(fiscal, guid)).toEqual({ state: "waiting", url: null, provider: "payme" });
    for (let i = 0; i < 2; i++)
      expect(await call(payme, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData() })).toEqual({
        result: { success: true },
        id: rpcId,
      });
    expect(await kept(fiscal, guid)).toEqual({ state: "registered", url: fiscalData().qr_code_url, provider: "payme" });
    const rows = await db
      .select({ state: fiscalReceipts.state })
      .from(fiscalReceipts)
      .innerJoin(payments, eq(payments.id, fiscalReceipts.paymentId))
      .where(eq(payments.providerTransactionId, id));
    expect(rows).toEqual([{ state: "registered" }]);
    // The family is told, once however often it came.
    const told = await db.select({ kind: familyEvents.kind }).from(familyEvents).where(eq(familyEvents.guid, guid));
    expect(told).toEqual([{ kind: "receipt.registered" }]);
    // A late refusal does not undo a registered receipt.
    await call(payme, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData({ status_code: 1, message: "late" }) });
    expect((await kept(fiscal, guid))?.state).toBe("registered");
  });

  it("SetFiscalData for an unknown, unperformed or cancelled transaction, or a malformed one, changes nothing", async () => {
    const { payme, fiscal } = await started(TEST_FISCAL);
    expect(
      (await call(payme, "SetFiscalData", { id: randomBytes(12).toString("hex"), type: "PERFORM", fiscal_data: fiscalData() })).error?.code,
    ).toBe(-31003);
    const waiting = await transaction(payme, { perform: false });
    const cancelled = await transaction(payme, { perform: false, cancel: true });
    for (const { id } of [waiting, cancelled])
      expect((await call(payme, "SetFiscalData", { id, type: "PERFORM", fiscal_data: fiscalData() })).error?.code).toBe(-31008);
    const paid = await transaction(payme);
    // Our fee is never refunded: no cancellation receipt belongs to a performed transaction.
    expect((await call(payme, "SetFiscalData", { id: paid.id, type: "CANCEL", fiscal_data: fiscalData() })).error?.code).toBe(-31008);
    for (const [params, field] of [
      [{ id: paid.id, type: "REFUND", fiscal_data: fiscalData() }, "type"],
      [{ id: paid.id, type: "PERFORM", fiscal_data: fiscalData({ qr_code_url: "javascript:alert(1)" }) }, "fiscal_data"],
      [{ id: paid.id, type: "PERFORM", fiscal_data: fiscalData({ qr_code_url: "http://ofd.soliq.uz/check" }) }, "fiscal_data"],
      [{ id: paid.id, type: "PERFORM", fiscal_data: fiscalData({ status_code: "0" }) }, "fiscal_data"],
      [{ id: paid.id, type: "PERFORM", fiscal_data: "x".repeat(10_000) }, "fiscal_data"],
    ] as const)
      expect((await call(payme, "SetFiscalData", params)).error).toMatchObject({ code: -32600, data: field });
    // The same key as every other method.
    expect((await call(payme, "SetFiscalData", { id: paid.id, type: "PERFORM", fiscal_data: fiscalData() }, "Basic x")).error?.code).toBe(
      -32504,
    );
    for (const { guid } of [waiting, cancelled]) expect(await kept(fiscal, guid)).toBeNull();
    expect(await kept(fiscal, paid.guid)).toEqual({ state: "waiting", url: null, provider: "payme" });
    // A refusal by the operator is kept with its reason, as not yet registered.
    await call(payme, "SetFiscalData", { id: paid.id, type: "PERFORM", fiscal_data: fiscalData({ status_code: 2, message: "OFD busy" }) });
    const [refused] = await db
      .select({ state: fiscalReceipts.state, lastError: fiscalReceipts.lastError, url: fiscalReceipts.receiptUrl })
      .from(fiscalReceipts)
      .innerJoin(payments, eq(payments.id, fiscalReceipts.paymentId))
      .where(eq(payments.providerTransactionId, paid.id));
    expect(refused).toEqual({ state: "refused", lastError: "status_code 2: OFD busy", url: null });
  });
});

describe("Click's submit_items job", () => {
  type Mode = "refuse" | "hang" | "garbage" | "accept" | "nul" | "nulGarbage" | "nulAccept" | "redirect" | "endless";
  let mode: Mode = "accept";
  /** A payment's own answer (by its payment_id as sent), whatever the others get. */
  const modeOf = new Map<string, Mode>();
  const received: { auth: string | undefined; body: Record<string, unknown>; text: string }[] = [];
  /** Bytes the endless answer wrote before the job stopped reading it. */
  let endlessSent = 0;
  const LONG_NOTE = `\u0000${"x".repeat(20_000)}`;
  let standIn: Server;
  let apiUrl = "";
  beforeAll(async () => {
    standIn = createServer(async (request: IncomingMessage, response) => {
      // Where a redirect leads: an acceptance that must not count.
      if (request.url?.endsWith("/elsewhere")) return response.end(JSON.stringify({ error_code: 0, error_note: "Success" }));
      let text = "";
      for await (const chunk of request) text += chunk;
      received.push({ auth: request.headers.auth as string | undefined, body: JSON.parse(text), text });
      const answering = modeOf.get(/"payment_id":(\d+)/.exec(text)?.[1] ?? "") ?? mode;
      if (answering === "hang") return; // never answers
      response.setHeader("Content-Type", "application/json");
      if (answering === "garbage") return response.end("<html>502 Bad Gateway</html>");
      if (answering === "nul") return response.end(JSON.stringify({ error_code: -5017, error_note: LONG_NOTE }));
      if (answering === "nulGarbage") return response.end(`<html>\u0000\u0007${"y".repeat(200_000)}`);
      if (answering === "nulAccept") return response.end(JSON.stringify({ error_code: 0, error_note: "Suc\u0000cess\u001b[31m" }));
      if (answering === "redirect") return response.writeHead(302, { Location: `${apiUrl}/elsewhere` }).end();
      if (answering === "endless") {
        // 64 MB of an answer, as fast as the job reads it.
        response.write('{"error_code":0,"error_note":"');
        const chunk = "z".repeat(64 * 1024);
        while (endlessSent < 64 * 1024 * 1024 && !response.destroyed) {
          endlessSent += chunk.length;
          if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve).once("close", resolve));
        }
        return response.end('"}');
      }
      response.end(
        JSON.stringify(mode === "accept" ? { error_code: 0, error_note: "Success" } : { error_code: -5017, error_note: "Invalid SPIC" }),
      );
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v2/merchant`;
  });
  afterAll(async () => {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
  });

  /** A registration paid through Click (Prepare, then Complete), as Click's calls make it. */
  async function paidByClick(click: Awaited<ReturnType<typeof started>>["click"], overrides: Record<string, string> = {}) {
    const { guid } = await createTestRegistration();
    const fields = clickPrepareFields(guid, overrides);
    const prepared = await click.answerClick("prepare", new URLSearchParams(clickSigned(fields)));
    const completing = { ...fields, action: "1", merchant_prepare_id: String(prepared.merchant_prepare_id) };
    const completed = await click.answerClick("complete", new URLSearchParams(clickSigned(completing)));
    expect(completed.error).toBe(0);
    return {
      guid,
      paydoc: fields.click_paydoc_id,
      paydocId: Number(fields.click_paydoc_id),
      paymentId: Number(completed.merchant_confirm_id),
    };
  }
  const row = async (paymentId: number) =>
    (
      await db
        .select()
        .from(fiscalReceipts)
        .where(and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, "PERFORM")))
    )[0];
  /** The job's pass in a process started afresh, `later` ms after the test began (due retries then). */
  const t0 = Date.now();
  async function passAfterRestart(later: number) {
    const { fiscal } = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const mine = (await fiscal.submitDueReceipts({ now: new Date(t0 + later), timeoutMs: 300 })) as {
      paymentId: number;
      error: string | null;
    }[];
    return { fiscal, mine };
  }

  it("is queued by Complete, retried with back-off through refusals, silence and garbage, across restarts, and sent once accepted", async () => {
    const { click, fiscal } = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const { guid, paydocId, paymentId } = await paidByClick(click);
    // Complete answered without calling Click: the receipt waits for the job.
    expect(received).toHaveLength(0);
    expect(await fiscal.receiptOfRegistration(guid)).toEqual({ state: "waiting", url: null, provider: "click" });
    expect(await row(paymentId)).toMatchObject({ state: "waiting", tries: 0, lastError: null });

    const errors: (string | null)[] = [];
    const waits: number[] = [];
    let later = (await row(paymentId)).nextTryAt!.getTime() - t0 + 1;
    for (const next of ["refuse", "hang", "garbage"] as Mode[]) {
      mode = next;
      const { mine } = await passAfterRestart(later);
      const outcome = mine.find((done) => done.paymentId === paymentId);
      errors.push(outcome?.error ?? null);
      const kept = await row(paymentId);
      expect(kept.state).toBe("waiting");
      expect(kept.lastError).toBe(outcome?.error);
      waits.push(kept.nextTryAt!.getTime() - (t0 + later));
      // Not due again before its back-off: a pass just before it leaves it alone.
      expect((await passAfterRestart(later + waits.at(-1)! - 1)).mine.some((done) => done.paymentId === paymentId)).toBe(false);
      later = kept.nextTryAt!.getTime() - t0 + 1; // the database keeps microseconds: the next millisecond
    }
    expect(errors).toEqual([
      "error_code -5017: Invalid SPIC",
      "no answer within 0.3 s",
      expect.stringMatching(/^HTTP 200, an answer not understood: <html>502 Bad Gateway<\/html>$/),
    ]);
    expect((await row(paymentId)).tries).toBe(3);
    // The organiser sees the last error in the register, beside the payment.
    const { loadRegister } = await import("@/lib/payments/register");
    const listed = (await loadRegister({ provider: "click" })).items.find((item) => item.paymentId === paymentId);
    expect(listed).toMatchObject({ receiptState: "waiting", receiptError: errors[2] });
    // Back-off: 30 s, 60 s, 120 s after each failure, each up to a tenth more.
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(30_000 * 2 ** i);
      expect(wait).toBeLessThanOrEqual(33_000 * 2 ** i);
    });

    mode = "accept";
    // Counted by this payment: on PostgreSQL other suites' receipts (the demo's Click family) share the queue.
    const sentBefore = received.filter((r) => r.body.payment_id === paydocId).length;
    await passAfterRestart(later);
    expect(await row(paymentId)).toMatchObject({ state: "registered", tries: 4, lastError: null, nextTryAt: null });
    expect(await fiscal.receiptOfRegistration(guid)).toEqual({ state: "registered", url: null, provider: "click" });
    expect(await db.select({ kind: familyEvents.kind }).from(familyEvents).where(eq(familyEvents.guid, guid))).toEqual([
      { kind: "receipt.registered" },
    ]);
    // Once accepted, never sent again, however often the job runs.
    await passAfterRestart(later + 10_000_000);
    await passAfterRestart(later + 20_000_000);
    const mineSent = received.filter((r) => r.body.payment_id === paydocId);
    expect(mineSent.length - sentBefore).toBe(1);
    expect(mineSent).toHaveLength(4);
    const auth = mineSent[3].auth!.split(":");
    expect(auth[0]).toBe(TEST_FISCAL.CLICK_MERCHANT_USER_ID);
    expect(auth[1]).toBe(
      createHash("sha1")
        .update(auth[2] + TEST_ENV.CLICK_SECRET_KEY)
        .digest("hex"),
    );
    expect(mineSent[3].body).toEqual({
      service_id: 0,
      payment_id: paydocId,
      items: [
        {
          Name: TEST_FISCAL.FISCAL_ITEM_TITLE,
          SPIC: TEST_FISCAL.FISCAL_MXIK_CODE,
          PackageCode: TEST_FISCAL.FISCAL_PACKAGE_CODE,
          GoodPrice: FEE_TIYIN,
          Price: FEE_TIYIN,
          Amount: 1,
          VAT: 803_571,
          VATPercent: 12,
          CommissionInfo: { TIN: TEST_FISCAL.FISCAL_TIN },
        },
      ],
      received_card: FEE_TIYIN,
    });
  });

  it("two processes' passes at once send a receipt once", async () => {
    mode = "accept";
    const { click } = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const { paydocId, paymentId } = await paidByClick(click);
    const a = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const b = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const now = new Date(Date.now() + 1000);
    await Promise.all([a.fiscal.submitDueReceipts({ now }), b.fiscal.submitDueReceipts({ now })]);
    expect(received.filter((r) => r.body.payment_id === paydocId)).toHaveLength(1);
    expect((await row(paymentId)).state).toBe("registered");
  });

  it("without the fiscal data, Complete queues nothing and the job sends nothing", async () => {
    const { click, fiscal } = await started({ CLICK_API_URL: apiUrl });
    const { guid, paymentId } = await paidByClick(click);
    expect(await row(paymentId)).toBeUndefined();
    expect(await fiscal.submitDueReceipts({ now: new Date(Date.now() + 1000) })).toEqual([]);
    expect(await fiscal.receiptOfRegistration(guid)).toBeNull();
  });
  /** Receipts paid by Click now, each answered by the stand-in as `modes` say, in that order in the queue. */
  async function queued(modes: Mode[], overrides: Record<string, string> = {}) {
    const { click } = await started({ ...TEST_FISCAL, CLICK_API_URL: apiUrl });
    const paid = [];
    for (const m of modes) {
      const one = await paidByClick(click, overrides);
      modeOf.set(one.paydoc, m);
      paid.push(one);
    }
    return paid;
  }
  /** A pass once all of `paid` are due; what it said of each of them. */
  async function passFor(paid: { paymentId: number }[]) {
    const due = Math.max(...(await Promise.all(paid.map(async (p) => (await row(p.paymentId)).nextTryAt!.getTime()))));
    const { mine } = await passAfterRestart(due - t0 + 1);
    return { at: due + 1, outcome: paid.map((p) => mine.find((done) => done.paymentId === p.paymentId)) };
  }

  it("an answer with NULs, control characters, a long note or 200 KB of text is kept short and readable, retried with its back-off, and never stops the others", async () => {
    const { log } = await import("@/lib/log.mjs");
    const warned = vi.spyOn(log(), "warn");
    const paid = await queued(["nul", "nulGarbage", "nulAccept", "accept"]);
    const { at, outcome } = await passFor(paid);
    // Every receipt of the pass has its outcome: the first one's answer stops none behind it.
    expect(outcome.map((o) => o?.error === null)).toEqual([false, false, true, true]);
    expect(outcome[0]?.error).toMatch(/^error_code -5017: x{100,}…$/);
    expect(outcome[1]?.error).toMatch(/^HTTP 200, an answer over 64 KB: <html> y{100,}…$/);
    for (const [i, p] of paid.entries()) {
      const kept = await row(p.paymentId);
      expect(kept, `receipt ${i}`).toMatchObject({ state: i < 2 ? "waiting" : "registered", tries: 1, claimedUntil: null });
      expect(kept.lastError ?? "").not.toMatch(/\p{Cc}/u);
      expect((kept.lastError ?? "").length).toBeLessThanOrEqual(400);
      expect(JSON.stringify(kept.fiscalData ?? null)).not.toMatch(/\\u00|\p{Cc}/u);
      // Refused ones wait their first back-off (30 s, up to a tenth more), not the claim's 2 minutes.
      if (i < 2) expect(kept.nextTryAt!.getTime() - at).toBeLessThanOrEqual(33_000);
    }
    expect((await row(paid[2].paymentId)).fiscalData).toEqual({ error_code: 0, error_note: "Suc cess [31m" });
    // Logged as short as kept, every time.
    const lines = warned.mock.calls.filter(([fields]) => paid.some((p) => (fields as { paymentId?: number }).paymentId === p.paymentId));
    expect(lines).toHaveLength(2);
    for (const [fields] of lines) expect(JSON.stringify(fields).length).toBeLessThan(1_000);
    warned.mockRestore();
    // Retried after its back-off like any refusal, and accepted then.
    for (const p of paid.slice(0, 2)) modeOf.set(p.paydoc, "accept");
    await passFor(paid.slice(0, 2));
    for (const p of paid) expect((await row(p.paymentId)).state).toBe("registered");
  });

  it("sends an 18-digit Click payment id exactly", async () => {
    const paydoc = "987654321098765432";
    const [paid] = await queued(["accept"], { click_paydoc_id: paydoc });
    await passFor([paid]);
    const sent = received.filter((r) => r.text.includes(paydoc));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(`"payment_id":${paydoc},`);
    expect((await row(paid.paymentId)).state).toBe("registered");
  });

  it("a redirect is not an acceptance, and an answer is read only up to a bound", async () => {
    const paid = await queued(["redirect", "endless"]);
    const { outcome } = await passFor(paid);
    expect(outcome[0]?.error).toBe(`HTTP 302, redirected to ${apiUrl}/elsewhere: not accepted`);
    // Its first bytes, shown as short as any other.
    expect(outcome[1]?.error).toMatch(/^HTTP 200, an answer over 64 KB: \{"error_code":0,"error_note":"z{100,200}…$/);
    for (const p of paid) expect(await row(p.paymentId)).toMatchObject({ state: "waiting", tries: 1 });
    // The job stopped reading long before the 64 MB were sent.
    expect(endlessSent).toBeLessThan(64 * 1024 * 1024);
    for (const p of paid) modeOf.set(p.paydoc, "accept");
    await passFor(paid);
    for (const p of paid) expect((await row(p.paymentId)).state).toBe("registered");
  });
});

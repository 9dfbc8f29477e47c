// Payme (Paycom) Merchant API: JSON-RPC 2.0, always HTTP 200, the six methods and their state
// machine exactly as payments.md gives them, and SetFiscalData (the receipt Payme registered). Times are Unix ms; amounts are tiyin.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { and, asc, between, eq } from "drizzle-orm";
import { z } from "zod";
import { payments } from "@/db/schema";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { unsafeTextPaths } from "@/lib/http/unsafe-text";
import { errorText, log } from "@/lib/log.mjs";
import { paymeMessages } from "@/lib/payments/payme-messages";
import { PaymentProvider, PaymentState } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { fiscalItem, keepPaymeReceipt, paymeDetail, paymeFiscalData } from "./fiscal";
import {
  cancelPayment,
  findPayment,
  findRegistration,
  type LockedRegistration,
  lockPayment,
  type Payment,
  payableAt,
  performPayment,
  tiyin,
  withRegistration,
} from "./service";

export const PaymeError = {
  InvalidAmount: -31001,
  TransactionNotFound: -31003,
  CannotCancel: -31007,
  CannotPerform: -31008,
  AccountNotFound: -31050,
  AlreadyPaid: -31051,
  RegistrationClosed: -31052, // outside the season's registration period: an order that cannot be paid
  Unauthorized: -32504,
  NotPost: -32300,
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  Internal: -32400,
} as const;

/** A created transaction not performed within 12 hours is cancelled (reason 4). */
export const PAYME_TIMEOUT_MS = 43_200_000;
const REASON_TIMEOUT = 4;

type RpcId = string | number | null;
type Failure = { code: number; message: (typeof paymeMessages)[keyof typeof paymeMessages]; data?: string };
export type PaymeAnswer = { result: unknown; id: RpcId } | { error: Failure; id: RpcId };

class PaymeFailure extends Error {
  constructor(readonly failure: Failure) {
    super(`Payme ${failure.code}`);
  }
}

const fail = (code: number, message: Failure["message"], data?: string): never => {
  throw new PaymeFailure({ code, message, ...(data ? { data } : {}) });
};

export const paymeError = (id: RpcId, code: number, message: Failure["message"]): PaymeAnswer => ({
  error: { code, message },
  id,
});

// ─── Parameters ─────────────────────────────────────────────────────────────
// A value of the wrong shape is answered with the code Payme expects for that field.

const guidOf = (params: Record<string, unknown>): string => {
  const account = params.account as Record<string, unknown> | undefined;
  const parsed = z.string().uuid().safeParse(account?.guid);
  return parsed.success ? parsed.data.toLowerCase() : fail(PaymeError.AccountNotFound, paymeMessages.accountNotFound, "guid");
};
const amountOf = (params: Record<string, unknown>): number => {
  const parsed = z.number().int().positive().safeParse(params.amount);
  return parsed.success ? parsed.data : fail(PaymeError.InvalidAmount, paymeMessages.invalidAmount, "amount");
};
const field = <T extends z.ZodType>(params: Record<string, unknown>, name: string, schema: T): z.output<T> => {
  const parsed = schema.safeParse(params[name]);
  return parsed.success ? parsed.data : fail(PaymeError.InvalidRequest, paymeMessages.invalidRequest, name);
};
const transactionIdOf = (params: Record<string, unknown>) => field(params, "id", z.string().min(1).max(64));
const timeOf = (params: Record<string, unknown>, name: string) => field(params, name, z.number().int().nonnegative());

// ─── Answers ────────────────────────────────────────────────────────────────

const transactionOf = (p: Payment) => String(p.id);
const isExpired = (p: Payment, now: number) => p.state === PaymentState.Created && now - p.createTime > PAYME_TIMEOUT_MS;

const createAnswer = (p: Payment) => ({ create_time: p.createTime, transaction: transactionOf(p), state: p.state });
const checkAnswer = (p: Payment) => ({
  create_time: p.createTime,
  perform_time: p.performTime ?? 0,
  cancel_time: p.cancelTime ?? 0,
  transaction: transactionOf(p),
  state: p.state,
  reason: p.cancelReason ?? null,
});

/** The order can be paid for this amount at `now` (CheckPerformTransaction's rules, shared by Create). */
function assertPayable(registration: LockedRegistration | null, amount: number, now: number): asserts registration is LockedRegistration {
  if (!registration) fail(PaymeError.AccountNotFound, paymeMessages.accountNotFound, "guid");
  if (registration!.status === RegistrationStatus.Paid) fail(PaymeError.AlreadyPaid, paymeMessages.alreadyPaid, "guid");
  if (payableAt(registration!, now) !== "open") fail(PaymeError.RegistrationClosed, paymeMessages.registrationClosed, "guid");
  if (amount !== tiyin(registration!.amountSom)) fail(PaymeError.InvalidAmount, paymeMessages.invalidAmount, "amount");
}

/** The transaction by Payme's id, or -31003. */
async function existing(params: Record<string, unknown>): Promise<Payment> {
  const payment = await findPayment(PaymentProvider.Payme, transactionIdOf(params));
  return payment ?? fail(PaymeError.TransactionNotFound, paymeMessages.transactionNotFound, "id");
}

// ─── Methods ────────────────────────────────────────────────────────────────

type Method = (params: Record<string, unknown>, now: number) => Promise<unknown>;

const methods: Record<string, Method> = {
  async CheckPerformTransaction(params, now) {
    const guid = guidOf(params);
    const amount = amountOf(params);
    assertPayable(await findRegistration(guid), amount, now);
    // With the service's fiscal data, the receipt's item: Payme registers the receipt from it.
    const item = fiscalItem();
    return item ? { allow: true, detail: paymeDetail(item, amount) } : { allow: true };
  },

  async CreateTransaction(params, now) {
    const id = transactionIdOf(params);
    const guid = guidOf(params);
    const amount = amountOf(params);
    const time = timeOf(params, "time");
    // The answer and any timeout cancellation commit together; the error is raised afterwards.
    const outcome = await withRegistration(guid, async (tx, registration) => {
      const [same] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, PaymentProvider.Payme), eq(payments.providerTransactionId, id)));
      if (same) {
        if (same.registrationGuid !== guid) return { failure: PaymeError.AccountNotFound };
        if (isExpired(same, now)) {
          await cancelPayment(tx, same, REASON_TIMEOUT, now);
          return { failure: PaymeError.CannotPerform };
        }
        if (same.state !== PaymentState.Created) return { failure: PaymeError.CannotPerform };
        return { result: createAnswer(same) };
      }
      assertPayable(registration, amount, now);
      const waiting = await tx
        .select()
        .from(payments)
        .where(
          and(eq(payments.registrationGuid, guid), eq(payments.provider, PaymentProvider.Payme), eq(payments.state, PaymentState.Created)),
        );
      for (const other of waiting) {
        if (!isExpired(other, now)) return { failure: PaymeError.CannotPerform };
        await cancelPayment(tx, other, REASON_TIMEOUT, now);
      }
      const [created] = await tx
        .insert(payments)
        .values({
          registrationGuid: guid,
          provider: PaymentProvider.Payme,
          providerTransactionId: id,
          amountTiyin: amount,
          providerTime: time,
          createTime: now,
        })
        .returning();
      return { result: createAnswer(created) };
    });
    if ("failure" in outcome) {
      return outcome.failure === PaymeError.AccountNotFound
        ? fail(PaymeError.AccountNotFound, paymeMessages.accountNotFound, "guid")
        : fail(PaymeError.CannotPerform, paymeMessages.cannotPerform);
    }
    return outcome.result;
  },

  async PerformTransaction(params, now) {
    const found = await existing(params);
    const outcome = await withRegistration(found.registrationGuid, async (tx, registration) => {
      const payment = (await lockPayment(tx, found.id))!;
      if (payment.state === PaymentState.Performed) return { result: payment };
      if (payment.state !== PaymentState.Created) return { failure: PaymeError.CannotPerform };
      if (isExpired(payment, now)) {
        await cancelPayment(tx, payment, REASON_TIMEOUT, now);
        return { failure: PaymeError.CannotPerform };
      }
      // Paid meanwhile through another provider: this one is refused and Payme cancels it.
      if (!registration || registration.status === RegistrationStatus.Paid) return { failure: PaymeError.AlreadyPaid };
      return { result: await performPayment(tx, registration, payment, now) };
    });
    if ("failure" in outcome) {
      return outcome.failure === PaymeError.AlreadyPaid
        ? fail(PaymeError.AlreadyPaid, paymeMessages.alreadyPaid, "guid")
        : fail(PaymeError.CannotPerform, paymeMessages.cannotPerform);
    }
    const p = outcome.result;
    return { transaction: transactionOf(p), perform_time: p.performTime, state: p.state };
  },

  async CancelTransaction(params, now) {
    const found = await existing(params);
    const reason = field(params, "reason", z.number().int());
    const outcome = await withRegistration(found.registrationGuid, async (tx) => {
      const payment = (await lockPayment(tx, found.id))!;
      if (payment.state === PaymentState.Created) return { result: await cancelPayment(tx, payment, reason, now) };
      if (payment.state === PaymentState.Performed) return { failure: PaymeError.CannotCancel };
      return { result: payment }; // cancelled already: the same answer
    });
    if ("failure" in outcome) return fail(PaymeError.CannotCancel, paymeMessages.cannotCancel);
    const p = outcome.result;
    return { transaction: transactionOf(p), cancel_time: p.cancelTime, state: p.state };
  },

  async CheckTransaction(params, now) {
    const payment = await existing(params);
    if (isExpired(payment, now)) {
      const cancelled = await withRegistration(payment.registrationGuid, async (tx) => {
        const locked = (await lockPayment(tx, payment.id))!;
        return isExpired(locked, now) ? cancelPayment(tx, locked, REASON_TIMEOUT, now) : locked;
      });
      return checkAnswer(cancelled);
    }
    return checkAnswer(payment);
  },

  // The receipt Payme registered for a transaction: kept with it (its address is the family's receipt).
  async SetFiscalData(params) {
    const payment = await existing(params);
    const kind = field(params, "type", z.enum(["PERFORM", "CANCEL"]));
    const data = field(params, "fiscal_data", paymeFiscalData);
    if (!(await keepPaymeReceipt(payment, kind, data))) fail(PaymeError.CannotPerform, paymeMessages.cannotPerform);
    return { success: true };
  },

  async GetStatement(params) {
    const from = timeOf(params, "from");
    const to = timeOf(params, "to");
    const rows = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, PaymentProvider.Payme), between(payments.providerTime, from, to)))
      .orderBy(asc(payments.providerTime), asc(payments.id));
    return {
      transactions: rows.map((p) => ({
        id: p.providerTransactionId,
        time: p.providerTime,
        amount: p.amountTiyin,
        account: { guid: p.registrationGuid },
        ...checkAnswer(p),
      })),
    };
  },
};

// ─── The endpoint ───────────────────────────────────────────────────────────

/** Basic "Paycom:" + PAYME_KEY, compared in constant time. */
export function isPaymeAuthorised(header: string | null): boolean {
  const expected = Buffer.from(`Basic ${Buffer.from(`Paycom:${config().payme.key}`).toString("base64")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const rpcShape = z.object({
  id: z.union([z.string(), z.number()]),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});

/** One JSON-RPC call: the answer body (always sent with HTTP 200). */
export async function answerPayme({
  body,
  authorization,
  now = Date.now(),
}: {
  body: unknown;
  authorization: string | null;
  now?: number;
}): Promise<PaymeAnswer> {
  const rawId = (body as { id?: unknown } | null)?.id;
  const id: RpcId = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
  if (!isPaymeAuthorised(authorization)) return paymeError(id, PaymeError.Unauthorized, paymeMessages.unauthorized);
  const rpc = rpcShape.safeParse(body);
  // Control characters (a NUL in an id) are no value Payme sends: a malformed request.
  if (!rpc.success || unsafeTextPaths(body).length > 0) return paymeError(id, PaymeError.InvalidRequest, paymeMessages.invalidRequest);
  const method = Object.hasOwn(methods, rpc.data.method) ? methods[rpc.data.method] : undefined;
  if (!method) return paymeError(id, PaymeError.MethodNotFound, paymeMessages.methodNotFound);
  try {
    return { result: await method(rpc.data.params, now), id };
  } catch (error) {
    if (error instanceof PaymeFailure) return { error: error.failure, id };
    log().error({ err: errorText(error), method: rpc.data.method }, "payme call failed");
    return paymeError(id, PaymeError.Internal, paymeMessages.internal);
  }
}

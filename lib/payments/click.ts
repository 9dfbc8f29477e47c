// Click SHOP API: Prepare and Complete, form-encoded, md5 sign_string over the values exactly as
// received, every error code of payments.md. Amounts are so'm and are compared as numbers.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { payments } from "@/db/schema";
import { config } from "@/lib/config";
import type { Transaction } from "@/lib/db/client";
import { isUnsafeText } from "@/lib/http/unsafe-text";
import { PaymentProvider, PaymentState } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { queueClickReceipt } from "./click-receipts";
import {
  cancelPayment,
  findPayment,
  findRegistration,
  lockPayment,
  type Payment,
  payableAt,
  performPayment,
  tiyin,
  withRegistration,
} from "./service";

export const ClickError = {
  Success: 0,
  SignCheckFailed: -1,
  IncorrectAmount: -2,
  ActionNotFound: -3,
  AlreadyPaid: -4,
  UserDoesNotExist: -5,
  TransactionDoesNotExist: -6,
  FailedToUpdateUser: -7,
  ErrorInRequest: -8,
  TransactionCancelled: -9,
} as const;
type ClickErrorCode = (typeof ClickError)[keyof typeof ClickError];

// The protocol's own notes (Click's operators read them), not shown to a parent.
const NOTES: Record<ClickErrorCode, string> = {
  0: "Success",
  [-1]: "SIGN CHECK FAILED!",
  [-2]: "Incorrect parameter amount",
  [-3]: "Action not found",
  [-4]: "Already paid",
  [-5]: "User does not exist",
  [-6]: "Transaction does not exist",
  [-7]: "Failed to update user",
  [-8]: "Error in request from click",
  [-9]: "Transaction cancelled",
};

export type ClickAction = "prepare" | "complete";

const COMMON = [
  "click_trans_id",
  "service_id",
  "click_paydoc_id",
  "merchant_trans_id",
  "amount",
  "action",
  "error",
  "sign_time",
  "sign_string",
] as const;
const REQUIRED: Record<ClickAction, readonly string[]> = {
  prepare: COMMON,
  complete: [...COMMON, "merchant_prepare_id"],
};

export type ClickAnswer = Record<string, string | number | null>;

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** Click's sign_string for a call's fields (payments.md): what Click sends, and what the sandbox signs with. */
export function clickSignature(action: ClickAction, f: Record<string, string>): string {
  const parts = [f.click_trans_id, f.service_id, config().click.secretKey, f.merchant_trans_id];
  if (action === "complete") parts.push(f.merchant_prepare_id);
  parts.push(f.amount, f.action, f.sign_time);
  return md5(parts.join(""));
}

function signatureMatches(action: ClickAction, f: Record<string, string>): boolean {
  const expected = Buffer.from(clickSignature(action, f));
  const given = Buffer.from(f.sign_string.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const positiveInteger = z.string().regex(/^\d{1,18}$/);
/** Click's `error`: an integer (0, or Click's own negative code), never another number's spelling. */
const clickErrorCode = /^-?\d{1,9}$/;
/** An amount as Click writes it: so'm, in digits, with at most two decimals ("75000", "75000.00"). */
const clickAmount = /^\d{1,12}(\.\d{1,2})?$/;

/** A call for the service this merchant configured (Click's service_id, compared as the number it is). */
function ourService(serviceId: string): boolean {
  const configured = config().click.serviceId;
  if (!positiveInteger.safeParse(serviceId).success || !/^\d{1,18}$/.test(configured)) return serviceId === configured;
  return BigInt(serviceId) === BigInt(configured);
}

/** Prepare or Complete: the answer for the form's fields (missing ones are refused, -8). */
export async function answerClick(action: ClickAction, form: URLSearchParams, now = Date.now()): Promise<ClickAnswer> {
  const f: Record<string, string> = {};
  for (const name of REQUIRED[action]) {
    const value = form.get(name);
    if (value !== null) f[name] = value;
  }
  f.error_note = form.get("error_note") ?? "";
  const idField = action === "prepare" ? "merchant_prepare_id" : "merchant_confirm_id";
  const answer = (error: ClickErrorCode, id: number | null = null): ClickAnswer => ({
    click_trans_id: f.click_trans_id ?? null,
    merchant_trans_id: f.merchant_trans_id ?? null,
    [idField]: id,
    error,
    error_note: NOTES[error],
  });

  if (REQUIRED[action].some((name) => !f[name])) return answer(ClickError.ErrorInRequest);
  if (Object.values(f).some(isUnsafeText)) return answer(ClickError.ErrorInRequest);
  if (!positiveInteger.safeParse(f.click_trans_id).success || !positiveInteger.safeParse(f.click_paydoc_id).success)
    return answer(ClickError.ErrorInRequest);
  // Another service's call (signed with its secret, perhaps ours), or Click's error in another spelling ("abc" is not 0).
  if (!ourService(f.service_id) || !clickErrorCode.test(f.error)) return answer(ClickError.ErrorInRequest);
  if (!signatureMatches(action, f)) return answer(ClickError.SignCheckFailed);
  if (f.action !== (action === "prepare" ? "0" : "1")) return answer(ClickError.ActionNotFound);

  const guid = z.string().uuid().safeParse(f.merchant_trans_id);
  const registration = guid.success ? await findRegistration(guid.data.toLowerCase()) : null;
  if (!registration) return answer(ClickError.UserDoesNotExist);
  // Compared as a number, once written as Click writes amounts: "7.5e4" or "0x124F8" is worth the fee to Number() too.
  if (!clickAmount.test(f.amount) || Number(f.amount) !== registration.amountSom) return answer(ClickError.IncorrectAmount);

  if (action === "prepare") {
    if (registration.status === RegistrationStatus.Paid) return answer(ClickError.AlreadyPaid);
    // Outside the period an order cannot be paid: the account's error, as Payme's -31052 is. A
    // prepare repeated (the same click_trans_id) and a payment prepared in time go on after it.
    const repeated = await findPayment(PaymentProvider.Click, f.click_trans_id);
    if (!repeated && payableAt(registration, now) !== "open")
      return { ...answer(ClickError.UserDoesNotExist), error_note: "Outside the registration period" };
    return withRegistration(registration.guid, async (tx, locked) => {
      if (locked?.status === RegistrationStatus.Paid) return answer(ClickError.AlreadyPaid);
      // The same click_trans_id prepared again: the same prepare id.
      const [prepared] = await tx
        .insert(payments)
        .values({
          registrationGuid: registration.guid,
          provider: PaymentProvider.Click,
          providerTransactionId: f.click_trans_id,
          providerPaymentId: f.click_paydoc_id,
          amountTiyin: tiyin(registration.amountSom),
          createTime: now,
        })
        .onConflictDoNothing()
        .returning();
      const payment = prepared ?? (await findClickPayment(tx, f.click_trans_id));
      if (payment.registrationGuid !== registration.guid) return answer(ClickError.TransactionDoesNotExist);
      if (payment.state === PaymentState.Cancelled) return answer(ClickError.TransactionCancelled);
      return answer(ClickError.Success, payment.id);
    });
  }

  if (!positiveInteger.safeParse(f.merchant_prepare_id).success) return answer(ClickError.TransactionDoesNotExist);
  const prepareId = Number(f.merchant_prepare_id);
  const clickError = Number.parseInt(f.error, 10);
  return withRegistration(registration.guid, async (tx, locked) => {
    const payment = await lockPayment(tx, prepareId);
    if (
      !payment ||
      payment.provider !== PaymentProvider.Click ||
      payment.providerTransactionId !== f.click_trans_id ||
      payment.registrationGuid !== registration.guid
    ) {
      return answer(ClickError.TransactionDoesNotExist);
    }
    if (payment.state === PaymentState.Performed) return answer(ClickError.AlreadyPaid);
    if (payment.state === PaymentState.Cancelled) return answer(ClickError.TransactionCancelled);
    // Click reports that the payer's payment failed: this prepare is over.
    if (clickError < 0) {
      await cancelPayment(tx, payment, null, now);
      return answer(ClickError.TransactionCancelled);
    }
    if (!locked || locked.status === RegistrationStatus.Paid) {
      // Paid meanwhile through another provider: this prepare can never complete.
      await cancelPayment(tx, payment, null, now);
      return answer(ClickError.AlreadyPaid);
    }
    const performed = await performPayment(tx, locked, payment, now);
    // Its fiscal receipt, submitted to Click by the receipts' job (never on this request's path).
    await queueClickReceipt(tx, performed);
    return answer(ClickError.Success, performed.id);
  });
}

async function findClickPayment(tx: Transaction, clickTransId: string): Promise<Payment> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, PaymentProvider.Click), eq(payments.providerTransactionId, clickTransId)));
  return row;
}

// Click's fiscal receipts: Click registers one only when the merchant submits its items
// (docs.click.uz/fiscalization: submit_items). A successful Complete only queues the receipt, in
// its own transaction (queueClickReceipt); a job of every process (startReceiptJob) submits the due
// ones, retried with back-off until Click accepts, never on a family's request path. A row is
// claimed for a while before it is sent, so two processes never send the same one at once, and
// once accepted it is never sent again. The service's fiscal data: ./fiscal.ts.
import "server-only";
import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import { fiscalReceipts, payments } from "@/db/schema";
import { claimRows } from "@/lib/background/lease";
import { periodic } from "@/lib/background/periodic";
import { config } from "@/lib/config";
import { db, type Transaction } from "@/lib/db/client";
import { errorText, log, logEvent } from "@/lib/log.mjs";
import { PaymentProvider, ReceiptState } from "@/shared/payments/enums";
import { clickSubmission, type Outcome, readableNote, submitItems } from "./click-submit";
import { type FiscalItem, fiscalItem, receiptRegistered } from "./fiscal";
import type { Payment } from "./service";

/** Queues a completed Click payment's receipt, in Complete's transaction (when fiscal data is set). */
export async function queueClickReceipt(tx: Transaction, payment: Payment): Promise<void> {
  if (!fiscalItem() || payment.provider !== PaymentProvider.Click) return;
  await tx
    .insert(fiscalReceipts)
    .values({ paymentId: payment.id, kind: "PERFORM", provider: PaymentProvider.Click, state: ReceiptState.Waiting, nextTryAt: new Date() })
    .onConflictDoNothing();
}

/** How long a process may hold a claim beyond the time its whole pass may take (each send is bounded). */
const CLAIM_MARGIN_SECONDS = 60;
/** The first retry after this long (seconds), doubling to at most RETRY_MAX_S. */
const RETRY_FIRST_S = 30;
const RETRY_MAX_S = 3_600;
/** A submission Click has not answered by then is tried again later. */
const SUBMIT_TIMEOUT_MS = 20_000;
/** Receipts a pass claims at most. */
const PASS_SIZE = 20;
/** One claimed receipt sent: what Click said, or why it was not sent. */
async function sendOne(item: FiscalItem, paymentId: number, timeoutMs: number): Promise<Outcome> {
  const [payment] = await db
    .select({ amountTiyin: payments.amountTiyin, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment?.providerPaymentId) return { error: "the payment has no Click payment id (click_paydoc_id)", answer: null };
  const body = clickSubmission(item, {
    serviceId: config().click.serviceId,
    paymentId: payment.providerPaymentId,
    amountTiyin: payment.amountTiyin,
  });
  return typeof body === "string" ? submitItems(body, timeoutMs) : { error: body.error, answer: null };
}

/** What a sent receipt came to, kept: registered, or its error and its next try after the back-off. */
async function keepOutcome(paymentId: number, outcome: Outcome, now: Date, at: SQL): Promise<void> {
  const key = and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, "PERFORM"));
  if (outcome.error === null) {
    await db.transaction(async (tx) => {
      const [kept] = await tx
        .update(fiscalReceipts)
        .set({
          state: ReceiptState.Registered,
          tries: sql`${fiscalReceipts.tries} + 1`,
          fiscalData: outcome.answer,
          registeredAt: now,
          nextTryAt: null,
          claimedUntil: null,
          lastError: null,
          updatedAt: now,
        })
        .where(key)
        .returning({ paymentId: fiscalReceipts.paymentId });
      const [payment] = await tx.select({ guid: payments.registrationGuid }).from(payments).where(eq(payments.id, paymentId));
      if (kept && payment) await receiptRegistered(tx, paymentId, payment.guid);
    });
    logEvent("receipt.registered", { paymentId, provider: PaymentProvider.Click });
    return;
  }
  // The n-th failure waits RETRY_FIRST_S · 2^(n-1), at most RETRY_MAX_S, and up to a tenth more (retries spread).
  const [row] = await db
    .update(fiscalReceipts)
    .set({
      tries: sql`${fiscalReceipts.tries} + 1`,
      nextTryAt: sql`${at} + make_interval(secs => least(${RETRY_MAX_S}, ${RETRY_FIRST_S} * power(2, ${fiscalReceipts.tries})) * (1 + random() / 10))`,
      lastError: outcome.error,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(key)
    .returning({ tries: fiscalReceipts.tries, nextTryAt: fiscalReceipts.nextTryAt });
  log().warn({ paymentId, ...row, error: outcome.error }, "Click's receipt not accepted yet: it is tried again later");
}

/**
 * Submits the Click receipts that are due (claimed first, so processes share them); each one
 * accepted is registered and never sent again, each failure is retried later, and one receipt's
 * failure, whatever Click answered, is that receipt's alone. What each came to.
 */
export async function submitDueReceipts({
  now = new Date(),
  timeoutMs = SUBMIT_TIMEOUT_MS,
} = {}): Promise<{ paymentId: number; error: string | null }[]> {
  const item = fiscalItem();
  if (!item) return [];
  // As text: postgres.js takes no Date in a hand-written statement.
  const at = sql`${now.toISOString()}::timestamptz`;
  // Claimed for as long as the whole pass may take (each send is bounded by timeoutMs), so that
  // no other process sends the last of them while this one is still on the first.
  const claimSeconds = Math.ceil((PASS_SIZE * timeoutMs) / 1000) + CLAIM_MARGIN_SECONDS;
  const claimed = await claimRows(fiscalReceipts, {
    key: { paymentId: fiscalReceipts.paymentId, kind: fiscalReceipts.kind },
    due: and(
      eq(fiscalReceipts.state, ReceiptState.Waiting),
      eq(fiscalReceipts.provider, PaymentProvider.Click),
      lte(fiscalReceipts.nextTryAt, at),
    ),
    orderBy: fiscalReceipts.nextTryAt,
    limit: PASS_SIZE,
    seconds: claimSeconds,
    at,
  });
  const done: { paymentId: number; error: string | null }[] = [];
  for (const { paymentId } of claimed) {
    let outcome: Outcome;
    try {
      outcome = await sendOne(item, paymentId, timeoutMs);
    } catch (error) {
      outcome = { error: `not sent: ${readableNote(errorText(error))}`, answer: null };
    }
    try {
      await keepOutcome(paymentId, outcome, now, at);
    } catch (error) {
      // Not kept (the database away): its claim runs out and a later pass sends it again.
      log().error(
        { paymentId, err: readableNote(errorText(error)) },
        "a Click receipt's outcome could not be kept: it is sent again later",
      );
    }
    done.push({ paymentId, error: outcome.error });
  }
  return done;
}

/** How often each process looks for due receipts. */
const JOB_TICK_MS = 10_000;

/** Starts the receipts' job in this process, once (nothing without fiscal data). */
export function startReceiptJob(): void {
  if (!fiscalItem()) return;
  periodic("receipts", { name: "the receipts' job", everyMs: JOB_TICK_MS, pass: async () => void (await submitDueReceipts()) });
}

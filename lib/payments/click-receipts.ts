// Click's fiscal receipts: Click registers one only when the merchant submits its items
// (docs.click.uz/fiscalization: submit_items). A successful Complete only queues the receipt, in
// its own transaction (queueClickReceipt); a job of every process (startReceiptJob) submits the due
// ones, retried with back-off until Click accepts, never on a family's request path. A row is
// claimed for a while before it is sent, so two processes never send the same one at once, and
// once accepted it is never sent again. The service's fiscal data: ./fiscal.ts.
import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { fiscalReceipts, payments } from "@/db/schema";
import { config } from "@/lib/config";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { errorText, log, logEvent } from "@/lib/log.mjs";
import { processWide } from "@/lib/process-state.mjs";
import { PaymentProvider, ReceiptState } from "@/shared/payments/enums";
import { type FiscalItem, fiscalItem, vatInside } from "./fiscal";
import type { Payment } from "./service";

/** submit_items' body for a Click payment (payments.md): the fee as one item, paid by card. */
function clickSubmission(
  item: FiscalItem,
  { serviceId, paymentId, amountTiyin }: { serviceId: string; paymentId: string; amountTiyin: number },
) {
  return {
    service_id: Number(serviceId),
    payment_id: Number(paymentId),
    items: [
      {
        Name: item.title,
        SPIC: item.mxikCode,
        PackageCode: item.packageCode,
        GoodPrice: amountTiyin,
        Price: amountTiyin,
        Amount: 1,
        VAT: vatInside(amountTiyin, item.vatPercent),
        VATPercent: item.vatPercent,
        CommissionInfo: item.tin.length === 9 ? { TIN: item.tin } : { PINFL: item.tin },
      },
    ],
    received_card: amountTiyin,
  };
}

/** Click's Auth header: merchant_user_id:sha1(timestamp + secret_key):timestamp (seconds). */
function clickAuth(merchantUserId: string, secretKey: string, nowMs: number): string {
  const timestamp = String(Math.floor(nowMs / 1000));
  return `${merchantUserId}:${createHash("sha1")
    .update(timestamp + secretKey)
    .digest("hex")}:${timestamp}`;
}

/** Queues a completed Click payment's receipt, in Complete's transaction (when fiscal data is set). */
export async function queueClickReceipt(tx: Transaction, payment: Payment): Promise<void> {
  if (!fiscalItem() || payment.provider !== PaymentProvider.Click) return;
  await tx
    .insert(fiscalReceipts)
    .values({ paymentId: payment.id, kind: "PERFORM", provider: PaymentProvider.Click, state: ReceiptState.Waiting, nextTryAt: new Date() })
    .onConflictDoNothing();
}

/** How long a process may take over one submission it claimed before another may claim it. */
const CLAIM_SECONDS = 120;
/** The first retry after this long (seconds), doubling to at most RETRY_MAX_S. */
const RETRY_FIRST_S = 30;
const RETRY_MAX_S = 3_600;
/** A submission Click has not answered by then is tried again later. */
const SUBMIT_TIMEOUT_MS = 20_000;
/** Receipts a pass claims at most. */
const PASS_SIZE = 20;

const clickAnswer = z.object({ error_code: z.number().int(), error_note: z.string().optional() });

/** One submission: null when Click accepted it, else what went wrong (shown to the organiser). */
async function submit(body: unknown, timeoutMs: number): Promise<{ error: string | null; answer: unknown }> {
  const { apiUrl, merchantUserId, secretKey } = config().click;
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/payment/ofd_data/submit_items`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Auth: clickAuth(merchantUserId ?? "", secretKey, Date.now()),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { error: timedOut ? `no answer within ${timeoutMs / 1000} s` : `not reached: ${errorText(error)}`, answer: null };
  }
  const text = await response.text().catch(() => "");
  let parsed: z.ZodSafeParseResult<z.output<typeof clickAnswer>> | null = null;
  try {
    parsed = clickAnswer.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success)
    return { error: `HTTP ${response.status}, an answer not understood: ${text.slice(0, 200)}`, answer: text.slice(0, 2000) };
  const { error_code: code, error_note: note } = parsed.data;
  return { error: code === 0 ? null : `error_code ${code}${note ? `: ${note}` : ""}`, answer: parsed.data };
}

/**
 * Submits the Click receipts that are due (claimed first, so processes share them); each one
 * accepted is registered and never sent again, each failure is retried later. What each came to.
 */
export async function submitDueReceipts({
  now = new Date(),
  timeoutMs = SUBMIT_TIMEOUT_MS,
} = {}): Promise<{ paymentId: number; error: string | null }[]> {
  const item = fiscalItem();
  if (!item) return [];
  // As text: postgres.js takes no Date in a hand-written statement.
  const at = sql`${now.toISOString()}::timestamptz`;
  const claimed = await selectRows<{ payment_id: number }>(
    db,
    sql`
    update ${fiscalReceipts} set claimed_until = ${at} + make_interval(secs => ${CLAIM_SECONDS})
    where (payment_id, kind) in (
      select payment_id, kind from ${fiscalReceipts}
      where state = ${ReceiptState.Waiting} and provider = ${PaymentProvider.Click} and next_try_at <= ${at}
        and (claimed_until is null or claimed_until < ${at})
      order by next_try_at
      limit ${PASS_SIZE}
      for update skip locked)
    returning payment_id`,
  );
  const done: { paymentId: number; error: string | null }[] = [];
  for (const { payment_id: paymentId } of claimed) {
    const [payment] = await db
      .select({ amountTiyin: payments.amountTiyin, providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    const outcome = payment?.providerPaymentId
      ? await submit(
          clickSubmission(item, {
            serviceId: config().click.serviceId,
            paymentId: payment.providerPaymentId,
            amountTiyin: payment.amountTiyin,
          }),
          timeoutMs,
        )
      : { error: "the payment has no Click payment id (click_paydoc_id)", answer: null };
    const key = and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, "PERFORM"));
    if (outcome.error === null) {
      await db
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
        .where(key);
      logEvent("receipt.registered", { paymentId, provider: PaymentProvider.Click });
    } else {
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
    done.push({ paymentId, error: outcome.error });
  }
  return done;
}

/** How often each process looks for due receipts. */
const JOB_TICK_MS = 10_000;

/** Starts the receipts' job in this process, once (nothing without fiscal data). */
export function startReceiptJob(): void {
  if (!fiscalItem()) return;
  processWide("receipts", () => {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await submitDueReceipts();
      } catch (error) {
        log().error({ err: errorText(error) }, "the receipts' job failed: it runs again shortly");
      } finally {
        running = false;
      }
    }, JOB_TICK_MS);
    timer.unref();
    return timer;
  });
}

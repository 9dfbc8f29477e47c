// The fee's fiscal receipt (the tax office's operator, OFD). Both providers register it, given the
// service's fiscal data (config().fiscal: FISCAL_* in .env.example):
// - Payme from the item CheckPerformTransaction answers (paymeDetail); it then reports the
//   registered receipt with SetFiscalData (lib/payments/payme.ts), kept here (keepPaymeReceipt).
// - Click from the items we submit after a successful Complete, from a durable job
//   (./click-receipts.ts).
// Without FISCAL_* nothing is registered, and the start's log and the console's board say so.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { fiscalReceipts, payments, registrations } from "@/db/schema";
import { config } from "@/lib/config";
import { db, type Transaction } from "@/lib/db/client";
import { recordFamilyEvents } from "@/lib/family-events/outbox";
import { log } from "@/lib/log.mjs";
import { PaymentProvider, PaymentState, type ReceiptKind, ReceiptState } from "@/shared/payments/enums";
import type { Payment } from "./service";

export type FiscalItem = NonNullable<ReturnType<typeof config>["fiscal"]>;

/** The service's fiscal data, or null: no receipt is registered. */
export const fiscalItem = (): FiscalItem | null => config().fiscal;

/** The VAT inside a price that includes it, in tiyin (12 % of 75 000 so'm: 803 571 tiyin). */
export const vatInside = (priceTiyin: number, percent: number) => Math.round((priceTiyin * percent) / (100 + percent));

/** CheckPerformTransaction's `detail`: one item, the fee, its total equal to the amount. */
export function paymeDetail(item: FiscalItem, amountTiyin: number) {
  return {
    receipt_type: 0,
    items: [
      {
        title: item.title,
        price: amountTiyin,
        count: 1,
        code: item.mxikCode,
        package_code: item.packageCode,
        vat_percent: item.vatPercent,
      },
    ],
  };
}

// ─── Payme: SetFiscalData ───────────────────────────────────────────────────

/**
 * SetFiscalData's fiscal_data (developer.help.paycom.uz, Merchant API, SetFiscalData): receipt_id
 * is a string there, a number in its example, so either; the receipt's address must be https.
 */
export const paymeFiscalData = z.object({
  receipt_id: z.union([z.string().max(64), z.number().int()]),
  status_code: z.number().int(),
  message: z.string().max(1000).optional(),
  terminal_id: z.string().max(64).optional(),
  fiscal_sign: z.string().max(64).optional(),
  qr_code_url: z
    .string()
    .max(2000)
    .url()
    .refine((url) => url.startsWith("https://"))
    .optional(),
  date: z.string().max(64).optional(),
});
export type PaymeFiscalData = z.output<typeof paymeFiscalData>;

/**
 * Keeps what SetFiscalData reports for a performed Payme payment (its CANCEL receipt for one
 * cancelled after it: our fee is not refunded, so none). A status other than 0 is a refusal, its
 * message kept. The same report again changes nothing; false: not a payment this receipt can be of.
 */
export async function keepPaymeReceipt(payment: Payment, kind: ReceiptKind, data: PaymeFiscalData): Promise<boolean> {
  const owning = kind === "PERFORM" ? PaymentState.Performed : PaymentState.CancelledAfterPerform;
  if (payment.provider !== PaymentProvider.Payme || payment.state !== owning) return false;
  const registered = data.status_code === 0 && data.qr_code_url !== undefined;
  const values = {
    state: registered ? ReceiptState.Registered : ReceiptState.Refused,
    receiptUrl: registered ? data.qr_code_url : null,
    fiscalData: data,
    lastError: registered ? null : `status_code ${data.status_code}${data.message ? `: ${data.message}` : ""}`,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(fiscalReceipts)
      .values({ paymentId: payment.id, kind, provider: PaymentProvider.Payme, ...values, registeredAt: registered ? new Date() : null })
      .onConflictDoUpdate({
        target: [fiscalReceipts.paymentId, fiscalReceipts.kind],
        // A registered receipt stays registered: a late refusal does not undo it.
        set: { ...values, registeredAt: sql`coalesce(${fiscalReceipts.registeredAt}, excluded.registered_at)`, updatedAt: new Date() },
        setWhere: registered ? undefined : sql`${fiscalReceipts.state} <> ${ReceiptState.Registered}`,
      });
    if (registered && kind === "PERFORM") await receiptRegistered(tx, payment.id, payment.registrationGuid);
  });
  return true;
}

/** The family told that the payment's receipt is registered (the outbox: lib/family-events), once. */
export const receiptRegistered = (tx: Transaction, paymentId: number, guid: string) =>
  recordFamilyEvents(tx, [{ to: { guid }, kind: "receipt.registered", key: `receipt.registered:${paymentId}`, data: { paymentId } }]);

/** Says at start, once, that receipts are not registered (no fiscal data). */
export function warnIfNoReceipts(): void {
  if (!fiscalItem())
    log().warn(
      "Fiscal receipts are NOT being registered: the FISCAL_* settings are not set (.env.example says where the organiser finds each)",
    );
}

// ─── What the family and the organiser see ──────────────────────────────────

/** state null: paid by card, whose receipt is the card provider's own (none of ours). */
export type ReceiptView = { state: ReceiptState | null; url: string | null; provider: PaymentProvider };

/**
 * The receipt of a registration's fee: registered (with its address, where the provider gives
 * one), waiting (on its way), refused, or the card's (state null); null when there is none to
 * expect (not paid, or no fiscal data and none reported).
 */
export async function receiptOfRegistration(guid: string): Promise<ReceiptView | null> {
  const [row] = await db
    .select({ provider: payments.provider, state: fiscalReceipts.state, url: fiscalReceipts.receiptUrl })
    .from(payments)
    .innerJoin(registrations, eq(registrations.guid, payments.registrationGuid))
    .leftJoin(fiscalReceipts, and(eq(fiscalReceipts.paymentId, payments.id), eq(fiscalReceipts.kind, "PERFORM")))
    .where(and(eq(payments.registrationGuid, guid), eq(payments.state, PaymentState.Performed)));
  if (!row) return null;
  if (row.provider === PaymentProvider.Card) return { state: null, url: null, provider: row.provider };
  if (row.state !== null) return { state: row.state, url: row.url, provider: row.provider };
  return fiscalItem() ? { state: ReceiptState.Waiting, url: null, provider: row.provider } : null;
}

// Click's merchant API call for a fiscal receipt (submit_items, payments.md): its body with the
// ids exactly as Click gave them, its Auth header, and Click's answer read as untrusted input:
// a redirect is no acceptance, at most ANSWER_MAX_BYTES are read, and whatever it says is kept
// short and free of the characters the database cannot keep. The job that calls it: ./click-receipts.ts.
import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/config";
import { errorText } from "@/lib/log.mjs";
import { type FiscalItem, vatInside } from "./fiscal";

/**
 * A decimal id as a JSON number, exactly as given: Number() would round one past 2^53 (an
 * 18-digit click_paydoc_id), so the number is written as its digits. Null for anything else.
 */
function exactNumber(id: string): string | null {
  return /^\d{1,20}$/.test(id) ? BigInt(id).toString() : null;
}

/** submit_items' body for a Click payment (payments.md), as JSON text: the fee as one item, paid by card. */
export function clickSubmission(
  item: FiscalItem,
  { serviceId, paymentId, amountTiyin }: { serviceId: string; paymentId: string; amountTiyin: number },
): string | { error: string } {
  const service = exactNumber(serviceId);
  const payment = exactNumber(paymentId);
  if (service === null) return { error: "CLICK_SERVICE_ID is not a number" };
  if (payment === null) return { error: "the payment's Click payment id (click_paydoc_id) is not a number" };
  const rest = JSON.stringify({
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
  });
  return `{"service_id":${service},"payment_id":${payment},${rest.slice(1)}`;
}

/** Click's Auth header: merchant_user_id:sha1(timestamp + secret_key):timestamp (seconds). */
function clickAuth(merchantUserId: string, secretKey: string, nowMs: number): string {
  const timestamp = String(Math.floor(nowMs / 1000));
  return `${merchantUserId}:${createHash("sha1")
    .update(timestamp + secretKey)
    .digest("hex")}:${timestamp}`;
}

/** The most of an answer read: Click's is a few dozen bytes; a longer one is not understood. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** The most of a provider's text kept with a receipt and logged (characters). */
const NOTE_MAX_CHARS = 300;

const clickAnswer = z.object({ error_code: z.number().int(), error_note: z.string().nullish() });

export type Outcome = { error: string | null; answer: unknown };

/**
 * Text from outside made short and readable, and storable (PostgreSQL keeps no NUL in text or
 * jsonb): control, format and lone surrogate characters become spaces, runs of space one, and
 * at most `max` characters are kept.
 */
export function readableNote(text: string, max = NOTE_MAX_CHARS): string {
  const plain = text.replace(/[\p{Cc}\p{Cf}\p{Cs}\s]+/gu, " ").trim();
  if (plain.length <= max) return plain;
  return `${plain
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, "")
    .trimEnd()}…`;
}

/** The answer's text, read up to `max` bytes: whole, or its first bytes (the rest is never read). */
async function boundedText(response: Response, max: number): Promise<{ text: string; whole: boolean }> {
  if (!response.body) return { text: "", whole: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return { text: Buffer.concat(chunks).subarray(0, 1024).toString("utf8"), whole: false };
    }
  }
  return { text: Buffer.concat(chunks).toString("utf8"), whole: true };
}

const timedOut = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** One submission: null when Click accepted it, else what went wrong (shown to the organiser). */
export async function submitItems(body: string, timeoutMs: number): Promise<Outcome> {
  const { apiUrl, merchantUserId, secretKey } = config().click;
  const signal = AbortSignal.timeout(timeoutMs);
  const noAnswer = `no answer within ${timeoutMs / 1000} s`;
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/payment/ofd_data/submit_items`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Auth: clickAuth(merchantUserId ?? "", secretKey, Date.now()),
      },
      body,
      // A redirect is not Click's answer: followed, whatever answers at its end would count as accepted.
      redirect: "manual",
      signal,
    });
  } catch (error) {
    return { error: timedOut(error) ? noAnswer : `not reached: ${readableNote(errorText(error))}`, answer: null };
  }
  const status = response.status;
  if (status >= 300 && status < 400) {
    await response.body?.cancel().catch(() => {});
    return {
      error: `HTTP ${status}, redirected to ${readableNote(response.headers.get("location") ?? "nowhere", 200)}: not accepted`,
      answer: null,
    };
  }
  let read: { text: string; whole: boolean };
  try {
    read = await boundedText(response, ANSWER_MAX_BYTES);
  } catch (error) {
    return { error: timedOut(error) ? noAnswer : `HTTP ${status}, the answer broke off: ${readableNote(errorText(error))}`, answer: null };
  }
  const { text, whole } = read;
  if (!whole) return { error: `HTTP ${status}, an answer over ${ANSWER_MAX_BYTES / 1024} KB: ${readableNote(text, 200)}`, answer: null };
  let parsed: z.ZodSafeParseResult<z.output<typeof clickAnswer>> | null = null;
  try {
    parsed = clickAnswer.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return { error: `HTTP ${status}, an answer not understood: ${readableNote(text, 200)}`, answer: null };
  const code = parsed.data.error_code;
  const note = readableNote(parsed.data.error_note ?? "");
  return {
    error: code === 0 ? null : `error_code ${code}${note ? `: ${note}` : ""}`,
    answer: { error_code: code, ...(note ? { error_note: note } : {}) },
  };
}

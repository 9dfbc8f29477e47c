// Payme's endpoint (JSON-RPC 2.0): every answer is HTTP 200, errors included, and every call is
// recorded (a call without Payme's key only as a capped line). Payme authenticates inside the
// protocol (Basic auth, -32504), so the route is public; its wrapper hands over the body's text
// (null when too large or cut off) and the Authorization header.
import "server-only";
import { errorText, log } from "@/lib/log.mjs";
import { paymeMessages } from "@/lib/payments/payme-messages";
import { PaymentProvider } from "@/shared/payments/enums";
import { answerPayme, isPaymeAuthorised, type PaymeAnswer, PaymeError, paymeError } from "./payme";
import { findPayment, recordPaymentEvent } from "./service";

export async function paymeCall({ text, authorization }: { text: string | null; authorization: string | null }): Promise<PaymeAnswer> {
  let answer: PaymeAnswer;
  let method = "invalid";
  let registrationGuid: string | null = null;
  try {
    if (text === null) throw new Error("unreadable");
    const body: unknown = JSON.parse(text);
    if (typeof (body as { method?: unknown })?.method === "string") method = (body as { method: string }).method;
    answer = await answerPayme({ body, authorization });
    if (isPaymeAuthorised(authorization)) registrationGuid = await registrationOfCall(body).catch(() => null);
  } catch {
    answer = paymeError(null, PaymeError.ParseError, paymeMessages.parseError);
  }
  const authenticated = isPaymeAuthorised(authorization);
  await recordPaymentEvent({
    provider: PaymentProvider.Payme,
    action: method,
    request: text ?? "",
    response: answer,
    registrationGuid,
    authenticated,
  }).catch((error) => log().error({ err: errorText(error) }, "payme audit record failed"));
  return answer;
}

/** The registration a call names: its account's guid, or the one its transaction id was made for. */
async function registrationOfCall(body: unknown): Promise<string | null> {
  const params = (body as { params?: { account?: { guid?: unknown }; id?: unknown } } | null)?.params;
  if (typeof params?.account?.guid === "string") return params.account.guid;
  if (typeof params?.id !== "string") return null;
  return (await findPayment(PaymentProvider.Payme, params.id))?.registrationGuid ?? null;
}

/** Anything but POST: Payme's own error, still HTTP 200. */
export const paymeNotPost = (): PaymeAnswer => paymeError(null, PaymeError.NotPost, paymeMessages.notPost);

// Payme's endpoint (JSON-RPC 2.0): every answer is HTTP 200, errors included, and every call is
// recorded (a call without Payme's key only as a capped line). Payme authenticates inside the
// protocol (Basic auth, -32504), so the route is public.
import "server-only";
import type { NextRequest } from "next/server";
import { DEFAULT_MAX_BODY_BYTES, readText } from "@/lib/api/handler";
import { paymeMessages } from "@/lib/i18n/payme";
import { PaymentProvider } from "./enums";
import { answerPayme, isPaymeAuthorised, type PaymeAnswer, PaymeError, paymeError } from "./payme";
import { findPayment, recordPaymentEvent } from "./service";

const reply = (answer: PaymeAnswer) => Response.json(answer, { headers: { "Cache-Control": "no-store" } });

export async function paymeCall(request: NextRequest): Promise<Response> {
  let text = "";
  let answer: PaymeAnswer;
  let method = "invalid";
  let registrationGuid: string | null = null;
  try {
    text = await readText(request, DEFAULT_MAX_BODY_BYTES);
    const body: unknown = JSON.parse(text);
    if (typeof (body as { method?: unknown })?.method === "string") method = (body as { method: string }).method;
    answer = await answerPayme({ body, authorization: request.headers.get("authorization") });
    if (isPaymeAuthorised(request.headers.get("authorization"))) registrationGuid = await registrationOfCall(body).catch(() => null);
  } catch {
    answer = paymeError(null, PaymeError.ParseError, paymeMessages.parseError);
  }
  const authenticated = isPaymeAuthorised(request.headers.get("authorization"));
  await recordPaymentEvent({
    provider: PaymentProvider.Payme,
    action: method,
    request: text,
    response: answer,
    registrationGuid,
    authenticated,
  }).catch((error) => console.error("Payme audit record failed:", error instanceof Error ? error.message : error));
  return reply(answer);
}

/** The registration a call names: its account's guid, or the one its transaction id was made for. */
async function registrationOfCall(body: unknown): Promise<string | null> {
  const params = (body as { params?: { account?: { guid?: unknown }; id?: unknown } } | null)?.params;
  if (typeof params?.account?.guid === "string") return params.account.guid;
  if (typeof params?.id !== "string") return null;
  return (await findPayment(PaymentProvider.Payme, params.id))?.registrationGuid ?? null;
}

/** Anything but POST: Payme's own error, still HTTP 200. */
export const paymeNotPost = () => reply(paymeError(null, PaymeError.NotPost, paymeMessages.notPost));

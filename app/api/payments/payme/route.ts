// Payme Merchant API (JSON-RPC 2.0): every answer is HTTP 200, errors included.
import type { NextRequest } from "next/server";
import { PaymentProvider } from "@/lib/payments/enums";
import { DEFAULT_MAX_BODY_BYTES, readText } from "@/lib/http/handler";
import { withApiSecurityHeaders } from "@/lib/http/security-headers";
import { paymeMessages } from "@/lib/i18n/payme";
import { PaymeError, answerPayme, paymeError, type PaymeAnswer } from "@/lib/payments/payme";
import { recordPaymentEvent } from "@/lib/payments/service";

const reply = (answer: PaymeAnswer) => withApiSecurityHeaders(Response.json(answer, { headers: { "Cache-Control": "no-store" } }));

export async function POST(request: NextRequest) {
  let text = "";
  let answer: PaymeAnswer;
  let method = "invalid";
  try {
    text = await readText(request, DEFAULT_MAX_BODY_BYTES);
    const body: unknown = JSON.parse(text);
    if (typeof (body as { method?: unknown })?.method === "string") method = (body as { method: string }).method;
    answer = await answerPayme({ body, authorization: request.headers.get("authorization") });
  } catch {
    answer = paymeError(null, PaymeError.ParseError, paymeMessages.parseError);
  }
  await recordPaymentEvent({ provider: PaymentProvider.Payme, action: method, request: text, response: answer }).catch((error) =>
    console.error("Payme audit record failed:", error instanceof Error ? error.message : error),
  );
  return reply(answer);
}

const notPost = async () => reply(paymeError(null, PaymeError.NotPost, paymeMessages.notPost));
export { notPost as GET, notPost as PUT, notPost as PATCH, notPost as DELETE };

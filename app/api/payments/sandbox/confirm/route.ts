// The sandbox card checkout's confirmation: pays through the same service as Payme and Click.

import { handler } from "@/lib/http/handler";
import { confirmSandboxPayment } from "@/lib/payments/card";
import { PaymentProvider } from "@/lib/payments/enums";
import { recordPaymentEvent } from "@/lib/payments/service";
import { sandboxConfirmSchema } from "@/lib/validation/payments";

export const POST = handler({ auth: "public", body: sandboxConfirmSchema }, async ({ body }) => {
  const answer = await confirmSandboxPayment({ guid: body.guid.toLowerCase(), amountSom: body.amountSom });
  await recordPaymentEvent({
    provider: PaymentProvider.Card,
    action: "sandbox-confirm",
    request: body,
    response: answer,
    registrationGuid: body.guid,
    // Our own sandbox (PAYMENTS_SANDBOX only): the checkout's call is the whole record.
    authenticated: true,
  });
  return answer;
});

// The sandbox checkout's confirmation (PAYMENTS_SANDBOX only). The card pays through the same
// service as Payme and Click; Payme and Click are paid by playing their servers' calls to our
// endpoints (lib/payments/sandbox.ts), each recorded as theirs are.
import { handler } from "@/lib/api/handler";
import { confirmSandboxPayment } from "@/lib/payments/card";
import { simulateClick, simulatePayme } from "@/lib/payments/sandbox";
import { recordPaymentEvent } from "@/lib/payments/service";
import { sandboxConfirmSchema } from "@/lib/validation/payments";
import { PaymentProvider } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";

export const POST = handler({ auth: "public", body: sandboxConfirmSchema }, async ({ body }) => {
  const order = { guid: body.guid.toLowerCase(), amountSom: body.amountSom };
  if (body.provider === "payme") await simulatePayme(order);
  if (body.provider === "click") await simulateClick(order);
  if (body.provider !== "card") return { status: RegistrationStatus.Paid };
  const answer = await confirmSandboxPayment(order);
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

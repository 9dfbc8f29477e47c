// The payments calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { assertSandbox, confirmSandboxPayment, sandboxCheckoutScript } from "@/lib/payments/card";
import { clickCall } from "@/lib/payments/click-route";
import { paymeCall, paymeNotPost } from "@/lib/payments/payme-route";
import { registerQuery, registerWorkbook } from "@/lib/payments/register";
import { simulateClick, simulatePayme } from "@/lib/payments/sandbox";
import { sandboxConfirmSchema } from "@/lib/payments/schema";
import { recordPaymentEvent } from "@/lib/payments/service";
import { consoleSeason } from "@/lib/seasons/console-season";
import { PaymentProvider } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";

const notPost = handler({ auth: "public", crossOrigin: true }, paymeNotPost);

export const paymentsApi = {
  "/api/admin/payments/export": {
    // The accountant's register of payments as XLSX (the page's filters: a day, a provider); audited.
    GET: handler({ auth: "organiser", query: registerQuery }, async ({ query, user }) => {
      const { fileName, data } = await registerWorkbook({ organiserId: user.id, query, season: await consoleSeason() });
      return new Response(data, {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": attachment(fileName, "tolovlar.xlsx"),
          "Cache-Control": "no-store",
        },
      });
    }),
  },
  "/api/payments/click/complete": {
    POST: handler({ auth: "public", crossOrigin: true, rawBody: true }, ({ rawBody }) => clickCall("complete", rawBody)),
  },
  "/api/payments/click/prepare": {
    POST: handler({ auth: "public", crossOrigin: true, rawBody: true }, ({ rawBody }) => clickCall("prepare", rawBody)),
  },
  // Payme Merchant API (JSON-RPC 2.0): authenticated inside the protocol, always HTTP 200.
  "/api/payments/payme": {
    POST: handler({ auth: "public", crossOrigin: true, rawBody: true }, ({ rawBody, request }) =>
      paymeCall({ text: rawBody, authorization: request.headers.get("authorization") }),
    ),
    GET: notPost,
    PUT: notPost,
    PATCH: notPost,
    DELETE: notPost,
  },
  // The sandbox card checkout's script (PAYMENTS_SANDBOX=true only).
  "/api/payments/sandbox/checkout.js": {
    GET: handler({ auth: "public" }, () => {
      assertSandbox();
      return new Response(sandboxCheckoutScript(), {
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
      });
    }),
  },
  // The sandbox checkout's confirmation (PAYMENTS_SANDBOX only). The card pays through the same
  // service as Payme and Click; Payme and Click are paid by playing their servers' calls to our
  // endpoints (lib/payments/sandbox.ts), each recorded as theirs are.
  "/api/payments/sandbox/confirm": {
    POST: handler({ auth: "public", body: sandboxConfirmSchema }, async ({ body }) => {
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
    }),
  },
} satisfies ApiHandlers;

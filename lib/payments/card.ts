// The card: a provider's checkout script on the payment panel. With PAYMENTS_SANDBOX=true the app
// serves its own script and confirmation, for the card and for Payme and Click (lib/payments/sandbox.ts).
import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { callMessages } from "@/lib/i18n/server";
import { ErrorCode } from "@/shared/http/contract";
import { PaymentProvider } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { assertPayableAt, createPerformedPayment, tiyin, withRegistration } from "./service";

export const SANDBOX_SCRIPT_PATH = "/api/payments/sandbox/checkout.js";
export const SANDBOX_CONFIRM_PATH = "/api/payments/sandbox/confirm";

/** The script the payment panel loads: the sandbox's whenever the sandbox is on. */
export function cardScriptUrl(): string | null {
  const { paymentsSandbox, cardCheckoutScriptUrl } = config();
  return paymentsSandbox ? SANDBOX_SCRIPT_PATH : (cardCheckoutScriptUrl ?? null);
}

export function assertSandbox(): void {
  if (!config().paymentsSandbox) throw notFound();
}

/** The sandbox checkout's confirmation: the fee, exactly, for an unpaid registration. */
export async function confirmSandboxPayment({ guid, amountSom, now = Date.now() }: { guid: string; amountSom: number; now?: number }) {
  assertSandbox();
  return withRegistration(guid, async (tx, registration) => {
    if (!registration) throw notFound();
    if (registration.status === RegistrationStatus.Paid) throw businessError(ErrorCode.RegistrationAlreadyPaid);
    assertPayableAt(registration, now);
    if (amountSom !== registration.amountSom) throw invalidInput({ amountSom: ["Invalid"] });
    await createPerformedPayment(tx, registration, {
      provider: PaymentProvider.Card,
      providerTransactionId: randomUUID(),
      amountTiyin: tiyin(amountSom),
      now,
    });
    return { status: RegistrationStatus.Paid };
  });
}

/**
 * The sandbox checkout: `window.cardCheckout.open({ guid, amountSom, provider, onSuccess })` shows
 * a confirmation sheet for the card, Payme or Click, posts to the confirmation endpoint, and calls
 * onSuccess once paid.
 */
export function sandboxCheckoutScript(): string {
  const m = callMessages();
  const texts = JSON.stringify({ ...m.payment.sandboxCheckout, som: m.common.som });
  return `(() => {
  const t = ${texts};
  const format = (n) => new Intl.NumberFormat("ru-RU").format(n) + " " + t.som;
  window.cardCheckout = {
    open({ guid, amountSom, provider = "card", onSuccess }) {
      const sheet = document.createElement("div");
      sheet.setAttribute("role", "dialog");
      sheet.setAttribute("aria-modal", "true");
      sheet.setAttribute("aria-label", t.titles[provider]);
      sheet.style.cssText = "position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.6);padding:16px;font-family:inherit";
      const box = document.createElement("div");
      box.style.cssText = "background:#fff;border-radius:16px;max-width:360px;width:100%;padding:20px;display:flex;flex-direction:column;gap:12px;box-shadow:0 10px 30px rgba(0,0,0,.3)";
      const title = document.createElement("h2");
      title.textContent = t.titles[provider];
      title.style.cssText = "margin:0;font-size:18px;font-weight:600;color:#0f172a";
      const note = document.createElement("p");
      note.textContent = t.note;
      note.style.cssText = "margin:0;font-size:14px;color:#92400e;background:#fffbeb;border:1px solid #fcd34d;border-radius:8px;padding:8px";
      const amount = document.createElement("p");
      amount.textContent = format(amountSom);
      amount.style.cssText = "margin:0;font-size:28px;font-weight:700;text-align:center;color:#1e3a8a";
      const error = document.createElement("p");
      error.setAttribute("role", "alert");
      error.style.cssText = "margin:0;font-size:14px;color:#b91c1c";
      const pay = document.createElement("button");
      pay.type = "button";
      pay.textContent = t.pay;
      pay.style.cssText = "min-height:44px;border:0;border-radius:10px;background:#1e3a8a;color:#fff;font-size:16px;font-weight:600;cursor:pointer";
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.textContent = t.cancel;
      cancel.style.cssText = "min-height:44px;border:1px solid #cbd5e1;border-radius:10px;background:#fff;color:#0f172a;font-size:16px;cursor:pointer";
      const close = () => sheet.remove();
      cancel.onclick = close;
      pay.onclick = async () => {
        pay.disabled = true;
        error.textContent = "";
        try {
          const response = await fetch(${JSON.stringify(SANDBOX_CONFIRM_PATH)}, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ guid, amountSom, provider }),
          });
          if (!response.ok) throw new Error(String(response.status));
          close();
          onSuccess();
        } catch {
          error.textContent = t.failed;
          pay.disabled = false;
        }
      };
      box.append(title, note, amount, error, pay, cancel);
      sheet.append(box);
      document.body.append(sheet);
      pay.focus();
    },
  };
})();
`;
}

// The payment panel: the fee and the three ways to pay (Click, Payme, card).
"use client";

import Script from "next/script";
import { useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button, ExternalLinkButton } from "@/components/ui/button";
import type { PaymentOptions } from "@/lib/payments/links";

/** What a card checkout script provides once loaded (the provider's, or our sandbox's). */
declare global {
  interface Window {
    cardCheckout?: {
      open(options: { guid: string; amountSom: number; provider?: "card" | "payme" | "click"; onSuccess: () => void }): void;
    };
  }
}

// Uzbek groups thousands with spaces ("75 000"), as Russian does; some browsers lack "uz" locale
// data and would fall back to "75,000", and the server and browser must print the same.
const somFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });

export function formatSom(amount: number, som: string): string {
  return `${somFormat.format(amount)} ${som}`;
}

export type PayingFor = { fullName: string; grade: number; subject: string };

type Props = { guid: string; options: PaymentOptions; payingFor: PayingFor | null; onPaid: () => void; onEdit: () => void };

export function PaymentPanel({ guid, options, payingFor, onPaid, onEdit }: Props) {
  const messages = useMessages();
  const texts = messages.payment;
  const [cardReady, setCardReady] = useState(false);
  const checkout = (provider: "card" | "payme" | "click") =>
    window.cardCheckout?.open({ guid, amountSom: options.amountSom, provider, onSuccess: onPaid });

  return (
    <section className="flex flex-col gap-5" aria-labelledby="payment-title">
      <div>
        <h2 id="payment-title" className="text-lg font-semibold">
          {texts.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{texts.lead}</p>
      </div>

      {payingFor && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="paying-for">
          {texts.payingFor(payingFor)}
        </p>
      )}

      <div className="rounded-xl bg-primary-50 p-4 text-center">
        <p className="text-sm text-primary-800">{texts.amount}</p>
        <p data-testid="amount" className="text-3xl font-bold text-primary-900">
          {formatSom(options.amountSom, messages.common.som)}
        </p>
        <p className="mt-1 text-xs text-slate-600">{texts.nonRefundable}</p>
      </div>

      {options.sandbox && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {texts.sandbox}
        </p>
      )}

      <div className="grid gap-3">
        {options.sandbox ? (
          // The sandbox's own sheet, which plays Click's and Payme's calls to our endpoints: the real ones would refuse a demo.
          <>
            <Button data-testid="pay-click" disabled={!cardReady} onClick={() => checkout("click")}>
              {texts.click}
            </Button>
            <Button data-testid="pay-payme" disabled={!cardReady} onClick={() => checkout("payme")}>
              {texts.payme}
            </Button>
          </>
        ) : (
          <>
            <ExternalLinkButton href={options.clickUrl} data-testid="pay-click" rel="noopener">
              {texts.click}
            </ExternalLinkButton>
            <ExternalLinkButton href={options.paymeUrl} data-testid="pay-payme" rel="noopener">
              {texts.payme}
            </ExternalLinkButton>
          </>
        )}
        {options.cardScriptUrl && <Script src={options.cardScriptUrl} strategy="afterInteractive" onReady={() => setCardReady(true)} />}
        <Button data-testid="pay-card" disabled={!cardReady} onClick={() => checkout("card")}>
          {texts.card}
        </Button>
        {!cardReady && (
          <p className="text-center text-xs text-slate-500">{options.cardScriptUrl ? texts.cardLoading : texts.cardUnavailable}</p>
        )}
      </div>

      <Button variant="ghost" onClick={onEdit} className="self-center">
        {texts.editDetails}
      </Button>
    </section>
  );
}

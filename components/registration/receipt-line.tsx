// The fee's fiscal receipt on the paid registration page, rendered by the server, as each provider
// gives it: Payme's link once registered (before that, that it is on its way and its link comes
// here); Click's in the payer's Click app (Click answers no address); the card's from the card
// provider itself, none of ours.
import { getMessages } from "@/lib/i18n/server";
import type { ReceiptView } from "@/lib/payments/fiscal";
import { PaymentProvider, ReceiptState } from "@/shared/payments/enums";

export async function ReceiptLine({ receipt }: { receipt: ReceiptView }) {
  const texts = (await getMessages()).registration;
  const registered = receipt.state === ReceiptState.Registered;
  const line =
    receipt.provider === PaymentProvider.Card
      ? texts.receiptCard
      : receipt.provider === PaymentProvider.Click
        ? registered
          ? texts.receiptInClick
          : texts.receiptClickWaiting
        : texts.receiptWaiting;
  return (
    <section
      aria-labelledby="receipt-title"
      className="mx-auto mt-2 w-full max-w-md text-sm"
      data-testid="receipt"
      data-provider={receipt.provider}
      data-state={receipt.state ?? "card"}
    >
      <h2 id="receipt-title" className="font-semibold text-slate-900">
        {texts.receiptTitle}
      </h2>
      {receipt.provider === PaymentProvider.Payme && registered && receipt.url ? (
        <a
          href={receipt.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-11 items-center font-medium text-primary-700 underline"
        >
          {texts.receiptLink}
        </a>
      ) : (
        <p className="mt-1 text-slate-700">{line}</p>
      )}
    </section>
  );
}

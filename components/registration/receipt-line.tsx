// The fee's fiscal receipt on the paid registration page, rendered by the server: its link once
// registered (Click's is in the payer's Click app), else a line that it is on its way.
import { getMessages } from "@/lib/i18n/server";
import type { ReceiptView } from "@/lib/payments/fiscal";
import { ReceiptState } from "@/shared/payments/enums";

export async function ReceiptLine({ receipt }: { receipt: ReceiptView }) {
  const texts = (await getMessages()).registration;
  const registered = receipt.state === ReceiptState.Registered;
  return (
    <section
      aria-labelledby="receipt-title"
      className="mx-auto mt-2 w-full max-w-md text-sm"
      data-testid="receipt"
      data-state={receipt.state}
    >
      <h2 id="receipt-title" className="font-semibold text-slate-900">
        {texts.receiptTitle}
      </h2>
      {registered && receipt.url ? (
        <a
          href={receipt.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-11 items-center font-medium text-primary-700 underline"
        >
          {texts.receiptLink}
        </a>
      ) : (
        <p className="mt-1 text-slate-700">{registered ? texts.receiptInClick : texts.receiptWaiting}</p>
      )}
    </section>
  );
}

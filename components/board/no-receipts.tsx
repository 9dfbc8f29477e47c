// The board's red line when the fee's fiscal receipts are not being registered (no FISCAL_* settings).

/** Said in red at the board's top. */
export function NoReceipts({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid="no-receipts">
      {text}
    </p>
  );
}

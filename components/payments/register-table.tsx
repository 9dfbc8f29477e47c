// The payments register's table, one payment a row (the console's /admin/payments): its long
// headings wrap, so the seven columns fit a laptop beside the menu.
import Link from "next/link";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { RegisterRow } from "@/lib/payments/register";
import { formatTashkent } from "@/shared/time";

/** The payments, one a row. */
export async function RegisterTable({ rows, testId, som }: { rows: RegisterRow[]; testId: string; som: (tiyin: number) => string }) {
  const organiserMessages = await getOrganiserMessages();
  const [texts, common] = [organiserMessages.payments, organiserMessages.common];
  return (
    <div className="mb-4">
      <Table data-testid={testId}>
        <THead>
          <tr>
            <TH className="whitespace-normal">{texts.at}</TH>
            <TH>{texts.provider}</TH>
            <TH className="whitespace-normal">{texts.transaction}</TH>
            <TH>{texts.amount}</TH>
            <TH>{texts.pupil}</TH>
            <TH>{texts.state}</TH>
            <TH className="whitespace-normal">{texts.receipt}</TH>
          </tr>
        </THead>
        <TBody>
          {rows.length === 0 && <EmptyRow columns={7}>{common.none}</EmptyRow>}
          {rows.map((r) => (
            <TR key={r.paymentId} data-payment={r.providerTransactionId}>
              <TD className="whitespace-nowrap">{formatTashkent(r.at, { seconds: true })}</TD>
              <TD>{texts.providers[r.provider]}</TD>
              <TD className="font-mono text-xs break-all">{r.providerTransactionId}</TD>
              <TD className="tabular-nums whitespace-nowrap">{som(r.amountTiyin)}</TD>
              <TD>
                <Link href={`/admin/registrations/${r.guid}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                  {r.pupil || r.guid}
                </Link>
              </TD>
              <TD>{texts.states[r.state] ?? r.state}</TD>
              <TD data-testid="receipt-state">
                {r.receiptState ? texts.receiptStates[r.receiptState] : "—"}
                {r.receiptUrl && (
                  <a href={r.receiptUrl} target="_blank" rel="noopener noreferrer" className="block text-primary-700 underline">
                    {texts.openReceipt}
                  </a>
                )}
                {r.receiptError && r.receiptErrorKind && (
                  <span className="block text-xs text-red-700" data-testid="receipt-error" data-kind={r.receiptErrorKind}>
                    {texts.receiptErrors[r.receiptErrorKind]({ provider: texts.providers[r.provider] })}
                    {/* What was kept, for whoever asks the provider: secondary, as it came. */}
                    <span lang="en" className="block font-mono text-[0.7rem] text-slate-500 break-all">
                      {r.receiptError}
                    </span>
                  </span>
                )}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

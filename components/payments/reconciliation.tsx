// The payments register's reconciliation (the console's /admin/payments): payments whose
// registration is not paid, and registrations paid without a payment, each linked to its page.
import Link from "next/link";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { reconciliation } from "@/lib/payments/register";
import { formatTashkent } from "@/shared/time";
import { RegisterTable } from "./register-table";

type Props = { mismatch: Awaited<ReturnType<typeof reconciliation>>; som: (tiyin: number) => string };

export async function Reconciliation({ mismatch, som }: Props) {
  const texts = (await getOrganiserMessages()).payments;
  return (
    <section aria-labelledby="reconciliation" className="mt-8" data-testid="reconciliation">
      <h2 id="reconciliation" className="text-lg font-semibold text-slate-900">
        {texts.reconciliation}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.reconciliationLead}</p>
      <h3 className="mb-2 font-medium text-slate-900">{texts.paymentsWithoutPaidRegistration}</h3>
      {mismatch.paymentsWithoutPaidRegistration.length === 0 ? (
        <p className="mb-4 text-sm text-slate-500" data-testid="unpaid-registrations-empty">
          {texts.empty}
        </p>
      ) : (
        <RegisterTable rows={mismatch.paymentsWithoutPaidRegistration} testId="unpaid-registrations" som={som} />
      )}
      <h3 className="mb-2 font-medium text-slate-900">{texts.paidWithoutPayment}</h3>
      {mismatch.paidWithoutPayment.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="paid-without-payment-empty">
          {texts.empty}
        </p>
      ) : (
        <Table data-testid="paid-without-payment">
          <THead>
            <tr>
              <TH>{texts.pupil}</TH>
              <TH>{texts.paidAt}</TH>
            </tr>
          </THead>
          <TBody>
            {mismatch.paidWithoutPayment.map((r) => (
              <TR key={r.guid}>
                <TD>
                  <Link href={`/admin/registrations/${r.guid}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                    {r.pupil || r.guid}
                  </Link>
                </TD>
                <TD className="whitespace-nowrap">{formatTashkent(r.paidAt)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { ProviderField } from "@/components/console/provider-field";
import { buttonClass } from "@/components/ui/button-style";
import { Field, Input } from "@/components/ui/field";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { loadRegister, REGISTER_PAGE_SIZE, type RegisterRow, reconciliation, registerQuery } from "@/lib/payments/register";
import { decimal } from "@/shared/i18n/numbers";
import { dateTextOf, formatTashkent } from "@/shared/time";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getOrganiserMessages()).payments.title };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The filters from the address; a day that is not one is said under its field, the rest still apply. */
function filtersOf(params: Record<string, string | string[] | undefined>) {
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const parsed = registerQuery.safeParse(given);
  if (parsed.success) return { query: parsed.data, dayInvalid: false, dayText: typeof given.day === "string" ? given.day : "" };
  const { day, ...rest } = given;
  const without = registerQuery.safeParse(rest);
  return { query: without.success ? without.data : {}, dayInvalid: day !== undefined, dayText: typeof day === "string" ? day : "" };
}

export default async function PaymentsRegisterPage({ searchParams }: Props) {
  await organiserPage();
  const organiserMessages = await getOrganiserMessages();
  const [texts, common] = [organiserMessages.payments, organiserMessages.common];
  const { query, dayInvalid, dayText } = filtersOf(await searchParams);
  const locale = await getLocale();
  const som = (tiyin: number) => decimal(locale, tiyin / 100, 2);
  const [{ items, total, totals }, mismatch] = await Promise.all([loadRegister(query), reconciliation()]);
  const exportQuery = new URLSearchParams(
    Object.entries({ day: query.day, provider: query.provider }).filter(([, v]) => v) as [string, string][],
  );
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} />
      <form method="get" className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto]">
        <Field id="day" label={texts.day} hint={texts.dayHint} error={dayInvalid ? texts.dayInvalid : undefined}>
          <Input
            id="day"
            name="day"
            defaultValue={query.day ? dateTextOf(query.day) : dayText}
            placeholder={texts.dayHint}
            maxLength={10}
            invalid={dayInvalid}
          />
        </Field>
        <ProviderField label={texts.provider} all={common.all} names={texts.providers} selected={query.provider} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass("primary", "w-full")}>
            {texts.show}
          </button>
        </div>
        <div className="flex items-end">
          <a
            href={`/api/admin/payments/export?${exportQuery}`}
            className={buttonClass("secondary", "w-full")}
            data-testid="register-export"
          >
            {texts.export}
          </a>
        </div>
      </form>

      <h2 className="mb-2 text-lg font-semibold text-slate-900">{texts.totals}</h2>
      <div className="mb-6">
        <Table data-testid="register-totals">
          <THead>
            <tr>
              <TH>{texts.day}</TH>
              <TH>{texts.provider}</TH>
              <TH>{texts.count}</TH>
              <TH>{texts.amount}</TH>
            </tr>
          </THead>
          <TBody>
            {totals.length === 0 && <EmptyRow columns={4}>{common.none}</EmptyRow>}
            {totals.map((sum) => (
              <TR key={`${sum.day}-${sum.provider}`}>
                <TD className="whitespace-nowrap">{dateTextOf(sum.day)}</TD>
                <TD>{texts.providers[sum.provider]}</TD>
                <TD className="tabular-nums">{sum.count}</TD>
                <TD className="tabular-nums">{som(sum.amountTiyin)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <RegisterTable rows={items} testId="register-table" som={som} />
      <Pagination page={query.page ?? 1} pageSize={REGISTER_PAGE_SIZE} total={total} search={{ ...query, page: undefined }} />

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
                    <Link
                      href={`/admin/registrations/${r.guid}`}
                      className="font-medium text-primary-700 underline-offset-2 hover:underline"
                    >
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
    </div>
  );
}

/** The payments, one a row; its long headings wrap, so the seven columns fit a laptop beside the menu. */
async function RegisterTable({ rows, testId, som }: { rows: RegisterRow[]; testId: string; som: (tiyin: number) => string }) {
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

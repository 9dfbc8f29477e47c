import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { ProviderField } from "@/components/console/provider-field";
import { Reconciliation } from "@/components/payments/reconciliation";
import { RegisterTable } from "@/components/payments/register-table";
import { buttonClass } from "@/components/ui/button-style";
import { Field, Input } from "@/components/ui/field";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { loadRegister, REGISTER_PAGE_SIZE, reconciliation, registerQuery } from "@/lib/payments/register";
import { consoleSeason } from "@/lib/seasons/console-season";
import type { SearchPageProps } from "@/lib/validation/queries";
import { decimal } from "@/shared/i18n/numbers";
import { dateTextOf } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.payments.title);

/** The filters from the address; a day that is not one is said under its field, the rest still apply. */
function filtersOf(params: Record<string, string | string[] | undefined>) {
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const parsed = registerQuery.safeParse(given);
  if (parsed.success) return { query: parsed.data, dayInvalid: false, dayText: typeof given.day === "string" ? given.day : "" };
  const { day, ...rest } = given;
  const without = registerQuery.safeParse(rest);
  return { query: without.success ? without.data : {}, dayInvalid: day !== undefined, dayText: typeof day === "string" ? day : "" };
}

export default async function PaymentsRegisterPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const organiserMessages = await getOrganiserMessages();
  const [texts, common] = [organiserMessages.payments, organiserMessages.common];
  const { query, dayInvalid, dayText } = filtersOf(await searchParams);
  const locale = await getLocale();
  const som = (tiyin: number) => decimal(locale, tiyin / 100, 2);
  const season = await consoleSeason();
  const [{ items, total, totals }, mismatch] = await Promise.all([loadRegister(query, season.seasonId), reconciliation(season.seasonId)]);
  const exportQuery = new URLSearchParams(
    Object.entries({ day: query.day, provider: query.provider }).filter(([, v]) => v) as [string, string][],
  );
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} season={season} />
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

      <Reconciliation mismatch={mismatch} som={som} />
    </div>
  );
}

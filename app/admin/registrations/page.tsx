import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { ProviderField } from "@/components/console/provider-field";
import { SearchForm } from "@/components/console/search-form";
import { Field, Select } from "@/components/ui/field";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consolePageWords, consoleTitle } from "@/lib/i18n/organiser";
import { wordOf } from "@/lib/i18n/words";
import { organiserPage } from "@/lib/identity/page-guards";
import { loadReferenceData } from "@/lib/reference/queries";
import { registrationsQuery } from "@/lib/registration/schema";
import { REGISTRATIONS_PAGE_SIZE, searchRegistrations } from "@/lib/registration/search";
import { consoleSeason } from "@/lib/seasons/console-season";
import { type SearchPageProps, searchOf } from "@/lib/validation/queries";
import { gradeAndSubject } from "@/shared/i18n/words";
import { RegistrationStatus } from "@/shared/registration/status";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.registrations.title);

export default async function RegistrationsPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const { organiserMessages, messages, local, locale } = await consolePageWords();
  const [texts, common] = [organiserMessages.registrations, organiserMessages.common];
  const search = searchOf(registrationsQuery, await searchParams);
  const season = await consoleSeason();
  const [{ items, total }, reference] = await Promise.all([
    searchRegistrations({ ...search, seasonId: season.seasonId }),
    loadReferenceData({ locale }),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={organiserMessages.help.registrations} season={season} />
      <SearchForm search={search} placeholder={texts.searchPlaceholder} reference={reference}>
        <Field id="status" label={texts.status}>
          <Select id="status" name="status" defaultValue={search.status ?? ""}>
            <option value="">{common.all}</option>
            {[RegistrationStatus.Registered, RegistrationStatus.Paid].map((s) => (
              <option key={s} value={s}>
                {texts.statuses[s]}
              </option>
            ))}
          </Select>
        </Field>
        <ProviderField label={texts.provider} all={common.all} names={texts.providers} selected={search.provider} />
      </SearchForm>
      <Table data-testid="registrations-table">
        <THead>
          <tr>
            <TH>{texts.pupil}</TH>
            <TH>{texts.status}</TH>
            <TH>{texts.provider}</TH>
            <TH>{organiserMessages.pupils.gradeSubject}</TH>
            <TH>{common.district}</TH>
            <TH>{texts.createdAt}</TH>
          </tr>
        </THead>
        <TBody>
          {items.length === 0 && <EmptyRow columns={6}>{common.none}</EmptyRow>}
          {items.map((r) => (
            <TR key={r.guid}>
              <TD>
                <Link href={`/admin/registrations/${r.guid}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                  {r.fullName || r.guid}
                </Link>
                <span className="block font-mono text-[11px] text-slate-500">{r.guid}</span>
              </TD>
              <TD>{wordOf(texts.statuses, r.status)}</TD>
              <TD>{r.paidWith ? texts.providers[r.paidWith] : "—"}</TD>
              <TD className="whitespace-nowrap">{gradeAndSubject(messages, r.grade, r.subjectName && local(r.subjectName))}</TD>
              <TD>{r.districtName ? local(r.districtName) : "—"}</TD>
              <TD className="whitespace-nowrap">{formatTashkent(r.createdAt)}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Pagination page={search.page ?? 1} pageSize={REGISTRATIONS_PAGE_SIZE} total={total} search={{ ...search, page: undefined }} />
    </div>
  );
}

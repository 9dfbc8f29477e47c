import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { SearchForm } from "@/components/console/search-form";
import { AttemptBadge } from "@/components/pupils/attempt-badge";
import { buttonClass } from "@/components/ui/button-style";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consolePageWords, consoleTitle } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { PUPILS_PAGE_SIZE, pendingAccommodations, searchPupils } from "@/lib/pupils/pupils";
import { pupilsQuery } from "@/lib/pupils/schema";
import { loadReferenceData } from "@/lib/reference/queries";
import { consoleSeason } from "@/lib/seasons/console-season";
import { type SearchPageProps, searchOf } from "@/lib/validation/queries";
import { gradeAndSubject } from "@/shared/i18n/words";

export const generateMetadata = consoleTitle((messages) => messages.pupils.title);

export default async function PupilsPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const { organiserMessages, messages, local, locale } = await consolePageWords();
  const texts = organiserMessages.pupils;
  const search = searchOf(pupilsQuery, await searchParams);
  const season = await consoleSeason();
  const [{ items, total }, reference, pending] = await Promise.all([
    searchPupils({ ...search, seasonId: season.seasonId }),
    loadReferenceData({ locale }),
    pendingAccommodations(season.seasonId),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={organiserMessages.help.pupils} season={season}>
        {search.districtId ? (
          <a
            href={`/api/admin/pupils/logins?districtId=${search.districtId}`}
            download
            title={organiserMessages.logins.hint}
            className={buttonClass("secondary")}
            data-testid="logins-download"
          >
            {organiserMessages.logins.download}
          </a>
        ) : (
          <p className="max-w-56 text-xs text-slate-500">
            {organiserMessages.logins.download}: {organiserMessages.logins.chooseDistrict.toLowerCase()}
          </p>
        )}
      </PageHeader>
      {pending.length > 0 && (
        <section
          className="mb-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
          aria-labelledby="pending-accommodations"
          data-testid="pending-accommodations"
        >
          <h2 id="pending-accommodations" className="text-sm font-semibold text-slate-900">
            {texts.accommodationsWaiting({ count: pending.length })}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {pending.map((p) => (
              <li key={p.userId}>
                <Link href={`/admin/pupils/${p.userId}`} className="font-medium text-primary-700 underline underline-offset-2">
                  {p.fullName}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <SearchForm search={search} placeholder={organiserMessages.common.searchPlaceholder} reference={reference} />
      <Table data-testid="pupils-table">
        <THead>
          <tr>
            <TH>{texts.fullName}</TH>
            <TH>{texts.username}</TH>
            <TH>{texts.gradeSubject}</TH>
            <TH>{texts.school}</TH>
            <TH>{texts.attempt}</TH>
          </tr>
        </THead>
        <TBody>
          {items.length === 0 && <EmptyRow columns={5}>{organiserMessages.common.none}</EmptyRow>}
          {items.map((p) => (
            <TR key={p.userId}>
              <TD>
                <Link href={`/admin/pupils/${p.userId}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                  {p.fullName}
                </Link>
                {p.blocked && (
                  <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">{texts.blocked}</span>
                )}
              </TD>
              <TD className="font-mono text-xs">{p.username ?? "—"}</TD>
              <TD className="whitespace-nowrap">{gradeAndSubject(messages, p.grade, p.subjectName && local(p.subjectName))}</TD>
              <TD>
                <span className="block">{p.schoolName ? local(p.schoolName) : "—"}</span>
                <span className="block text-xs text-slate-500">{p.districtName && local(p.districtName)}</span>
              </TD>
              <TD>
                <AttemptBadge attempt={p.attempt} />
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Pagination page={search.page ?? 1} pageSize={PUPILS_PAGE_SIZE} total={total} search={{ ...search, page: undefined }} />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { ExportLinks } from "@/components/organiser/export-links";
import { PageHeader } from "@/components/organiser/page-header";
import { Pagination } from "@/components/organiser/pagination";
import { RecomputeButton } from "@/components/organiser/results-actions";
import { MarksButton } from "@/components/organiser/results-marks";
import { SearchForm } from "@/components/organiser/search-form";
import { SubmitOnChange } from "@/components/organiser/submit-on-change";
import { LinkButton } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { clock } from "@/components/ui/format";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { points } from "@/lib/i18n/numbers";
import { getOrganiserMessages, type OrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale, getLocalName, getMessages } from "@/lib/i18n/server";
import { gradeAndSubject } from "@/lib/i18n/words";
import { organiserPage } from "@/lib/identity/page-guards";
import { listOrganizations, loadReferenceData } from "@/lib/reference/queries";
import { publishedState } from "@/lib/results/export";
import { listResults, RESULTS_PAGE_SIZE, type ResultRow, resultsTests } from "@/lib/results/ranking";
import { resultsQuery, searchOf } from "@/lib/validation/organiser";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getOrganiserMessages()).results.title };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function RankCell({ t, row }: { t: OrganiserMessages["results"]; row: ResultRow }) {
  if (row.excluded) return <span className="text-xs text-slate-500">{t.excluded[row.excluded]}</span>;
  return (
    <span className="flex items-center gap-1.5">
      <span className="font-semibold tabular-nums">{row.rank}</span>
      {row.inTop5 && <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{t.top}</span>}
    </span>
  );
}

export default async function ResultsPage({ searchParams }: Props) {
  await organiserPage();
  const [o, m] = [await getOrganiserMessages(), await getMessages()];
  const [local, locale] = await Promise.all([getLocalName(), getLocale()]);
  const [t, c] = [o.results, o.common];
  const search = searchOf(resultsQuery.partial({ testId: true }), await searchParams);
  const [tests, reference] = await Promise.all([resultsTests(), loadReferenceData({ locale })]);
  // Without a choice: the test that closed last (the one whose results are wanted now), else the first.
  const now = Date.now();
  const lastClosed = tests.filter((x) => Date.parse(x.closedAt) <= now).sort((a, b) => Date.parse(b.closedAt) - Date.parse(a.closedAt))[0];
  const test = tests.find((x) => x.testId === search.testId) ?? lastClosed ?? tests[0];
  if (!test) {
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title={t.title} lead={t.lead} />
        <p className="text-slate-600">{t.noTests}</p>
      </div>
    );
  }
  const testId = test.testId;
  const [{ items, total }, published, schools] = await Promise.all([
    listResults({ ...search, testId, locale }),
    publishedState({ testId }),
    search.districtId ? listOrganizations({ districtId: search.districtId, locale }) : Promise.resolve([]),
  ]);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t.title} lead={t.lead} help={o.help.results}>
        <LinkButton variant="secondary" href={`/admin/tests/${testId}/items`}>
          {t.itemStatistics}
        </LinkButton>
        <RecomputeButton testId={testId} />
      </PageHeader>

      <SearchForm
        q={search.q}
        placeholder={o.pupils.fullName}
        regionId={search.regionId}
        districtId={search.districtId}
        regions={reference.regions}
        districts={reference.districts}
      >
        <Field id="testId" label={t.test}>
          <SubmitOnChange id="testId" name="testId" defaultValue={testId}>
            {tests.map((x) => (
              <option key={x.testId} value={x.testId}>
                {gradeAndSubject(m, x.grade, local(x.subjectName))}
              </option>
            ))}
          </SubmitOnChange>
        </Field>
        <Field id="organizationId" label={t.school}>
          <Select id="organizationId" name="organizationId" defaultValue={search.organizationId ?? ""} disabled={schools.length === 0}>
            <option value="">{c.all}</option>
            {schools.map((s) => (
              <option key={s.organizationId} value={s.organizationId}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" name="top" value="true" defaultChecked={search.top} className="size-4" />
          {t.onlyTop}
        </label>
      </SearchForm>

      {published?.provisional && (
        <p role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t.provisionalBanner} {published.attemptsNotEnded > 0 && t.notEnded({ count: published.attemptsNotEnded })}
        </p>
      )}

      <div className="mb-4 grid gap-3 lg:grid-cols-[1fr_1fr]">
        <ExportLinks testId={testId} />
        <section className="rounded-xl border border-slate-200 bg-white p-3 text-xs text-slate-700" data-testid="hashes">
          <p className="font-semibold text-slate-900">{t.keyHash}</p>
          <p className="break-all font-mono" data-testid="key-hash">
            {published?.keyHash}
          </p>
          <p className="mt-2 font-semibold text-slate-900">{t.topHash}</p>
          <p className="break-all font-mono" data-testid="top-hash">
            {published?.topHash}
          </p>
          <p className="mt-2 text-slate-500">{t.hashHint}</p>
          <p className="mt-2 text-slate-500">
            {t.rules} {t.district}.
          </p>
        </section>
      </div>

      <Table data-testid="results-table">
        <THead>
          <tr>
            <TH>{t.rank}</TH>
            <TH>{o.pupils.fullName}</TH>
            <TH>{o.pupils.school}</TH>
            <TH className="text-right">{t.scores}</TH>
            <TH className="text-right">{t.total}</TH>
            <TH className="text-right">{t.time}</TH>
            <TH>
              <span className="sr-only">{t.marks}</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {items.length === 0 && (
            <tr>
              <TD colSpan={7} className="py-6 text-center text-slate-500">
                {c.none}
              </TD>
            </tr>
          )}
          {items.map((r, i) => (
            <Fragment key={r.attemptId}>
              {/* Each district's ranking under its own heading: the rows are in region, district, rank order. */}
              {(i === 0 || items[i - 1].districtId !== r.districtId) && (
                <tr className="bg-slate-100" data-testid="district-heading">
                  <th colSpan={7} scope="colgroup" className="px-3 py-2 text-left text-sm font-semibold text-slate-800">
                    {r.districtName ? `${local(r.districtName)}, ${r.regionName ? local(r.regionName) : ""}` : t.noDistrict}
                  </th>
                </tr>
              )}
              <TR>
                <TD className="whitespace-nowrap">
                  <RankCell t={t} row={r} />
                  {r.tieAtCut && r.rank === r.tieAtCut.rank && (
                    <span className="mt-0.5 block text-xs text-amber-800">
                      {t.tieAtCut({ rank: r.tieAtCut.rank, count: r.tieAtCut.pupils })}
                    </span>
                  )}
                </TD>
                <TD>
                  <Link href={`/admin/pupils/${r.userId}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                    {r.fullName}
                  </Link>
                  <span className="block text-xs text-slate-500">{t.endedBy[r.endedBy]}</span>
                </TD>
                <TD>{r.schoolName ? local(r.schoolName) : t.otherSchool}</TD>
                <TD className="whitespace-nowrap text-right tabular-nums">
                  {points(locale, r.easyScore)} / {points(locale, r.mediumScore)} / {points(locale, r.hardScore)}
                </TD>
                <TD className="text-right font-semibold tabular-nums">{points(locale, r.totalScore)}</TD>
                <TD className="text-right tabular-nums">{clock(r.timeSpent)}</TD>
                <TD>
                  <MarksButton attemptId={r.attemptId} fullName={r.fullName} />
                </TD>
              </TR>
            </Fragment>
          ))}
        </TBody>
      </Table>
      <Pagination
        page={search.page ?? 1}
        pageSize={RESULTS_PAGE_SIZE}
        total={total}
        search={{ ...search, testId, top: search.top ? "true" : undefined, page: undefined }}
      />
    </div>
  );
}

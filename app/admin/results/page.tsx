import { listStateLine } from "@/components/appeals/console-words";
import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { SearchForm } from "@/components/console/search-form";
import { SubmitOnChange } from "@/components/console/submit-on-change";
import { ExportLinks } from "@/components/results/export-links";
import { RecomputeButton } from "@/components/results/results-actions";
import { ResultsTable } from "@/components/results/results-table";
import { LinkButton } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { now as serverNow } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { consolePageWords, consoleTitle } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { listOrganizations, loadReferenceData } from "@/lib/reference/queries";
import { resultsPage } from "@/lib/results/published";
import { RESULTS_PAGE_SIZE, resultsTests } from "@/lib/results/ranking";
import { resultsQuery } from "@/lib/results/schema";
import { consoleSeason } from "@/lib/seasons/console-season";
import { type SearchPageProps, searchOf } from "@/lib/validation/queries";
import { withOrigin } from "@/shared/console/origin";
import { gradeAndSubject } from "@/shared/i18n/words";

export const generateMetadata = consoleTitle((messages) => messages.results.title);

export default async function ResultsPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const { organiserMessages, messages, local, locale } = await consolePageWords();
  const [texts, common] = [organiserMessages.results, organiserMessages.common];
  const search = searchOf(resultsQuery.partial({ testId: true }), await searchParams);
  const season = await consoleSeason();
  const [tests, reference] = await Promise.all([resultsTests(season.seasonId), loadReferenceData({ locale })]);
  // Without a choice: the test that closed last (the one whose results are wanted now), else the first.
  const now = Date.now();
  const lastClosed = tests.filter((x) => Date.parse(x.closedAt) <= now).sort((a, b) => Date.parse(b.closedAt) - Date.parse(a.closedAt))[0];
  const test = tests.find((x) => x.testId === search.testId) ?? lastClosed ?? tests[0];
  if (!test) {
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title={texts.title} lead={texts.lead} season={season} />
        <p className="text-slate-600">{texts.noTests}</p>
      </div>
    );
  }
  const testId = test.testId;
  const [{ items, total, published }, schools, list] = await Promise.all([
    resultsPage({ ...search, testId, locale }),
    search.districtId ? listOrganizations({ districtId: search.districtId, locale }) : Promise.resolve([]),
    listStatus(db, testId, serverNow()),
  ]);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={organiserMessages.help.results} season={season}>
        <LinkButton variant="secondary" href={withOrigin(`/admin/tests/${testId}/items`, "results")}>
          {texts.itemStatistics}
        </LinkButton>
        <LinkButton variant="secondary" href={withOrigin(`/admin/tests/${testId}/screening`, "results")} data-testid="screening-link">
          {organiserMessages.screening.title}
        </LinkButton>
        <LinkButton variant="secondary" href={withOrigin(`/admin/tests/${testId}/appeals`, "results")} data-testid="appeals-link">
          {organiserMessages.appeals.link}
        </LinkButton>
        <RecomputeButton testId={testId} />
      </PageHeader>

      <SearchForm search={search} placeholder={organiserMessages.pupils.fullName} reference={reference}>
        <Field id="testId" label={texts.test}>
          <SubmitOnChange id="testId" name="testId" defaultValue={testId}>
            {tests.map((x) => (
              <option key={x.testId} value={x.testId}>
                {gradeAndSubject(messages, x.grade, local(x.subjectName))}
              </option>
            ))}
          </SubmitOnChange>
        </Field>
        <Field id="organizationId" label={texts.school}>
          <Select id="organizationId" name="organizationId" defaultValue={search.organizationId ?? ""} disabled={schools.length === 0}>
            <option value="">{common.all}</option>
            {schools.map((s) => (
              <option key={s.organizationId} value={s.organizationId}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" name="top" value="true" defaultChecked={search.top} className="size-4" />
          {texts.onlyTop}
        </label>
      </SearchForm>

      {published.provisional && (
        <p role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {texts.provisionalBanner} {published.attemptsNotEnded > 0 && texts.notEnded({ count: published.attemptsNotEnded })}
        </p>
      )}

      <div className="mb-4 grid gap-3 lg:grid-cols-[1fr_1fr]">
        <ExportLinks testId={testId} />
        <section className="rounded-xl border border-slate-200 bg-white p-3 text-xs text-slate-700" data-testid="hashes">
          {list && (
            <p className="mb-2 text-sm font-semibold text-slate-900" data-testid="results-list-state" data-state={list.state}>
              {listStateLine(organiserMessages.appeals, list)}
            </p>
          )}
          <p className="font-semibold text-slate-900">{texts.keyHash}</p>
          <p className="break-all font-mono" data-testid="key-hash">
            {published.keyHash}
          </p>
          <p className="mt-2 font-semibold text-slate-900">{texts.topHash}</p>
          <p className="break-all font-mono" data-testid="top-hash">
            {published.topHash}
          </p>
          <p className="mt-2 text-slate-500">{texts.hashHint}</p>
          <p className="mt-2 text-slate-500">
            {texts.rules} {texts.district}.
          </p>
        </section>
      </div>

      <ResultsTable items={items} messages={organiserMessages} local={local} locale={locale} />
      <Pagination
        page={search.page ?? 1}
        pageSize={RESULTS_PAGE_SIZE}
        total={total}
        search={{ ...search, testId, top: search.top ? "true" : undefined, page: undefined }}
      />
    </div>
  );
}

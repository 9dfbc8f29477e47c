import { BackLink } from "@/components/console/back-link";
import { PageHeader } from "@/components/console/page-header";
import { badge, ItemQuestion } from "@/components/statistics/item-question";
import { ItemTestFigures } from "@/components/statistics/item-test-figures";
import { ItemVersions } from "@/components/statistics/item-versions";
import { EmptyRow, Table, TBody, TD, TH, THead } from "@/components/ui/table";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { testSeason } from "@/lib/seasons/console-season";
import { DIF_MIN_DRAWN, LANGUAGE_MIN_DRAWN, WRONG_KEY_MIN_DRAWN } from "@/lib/statistics/flags";
import { itemStatistics } from "@/lib/statistics/items";
import { testIdParams } from "@/lib/subject-tests/schema";
import { readerLanguage } from "@/shared/attempts/enums";
import { originOf, withOrigin } from "@/shared/console/origin";
import { decimal } from "@/shared/i18n/numbers";

export const generateMetadata = consoleTitle((messages) => messages.itemStatistics.title);

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<{ from?: string }> };

/** The question's number, then its figures: its text and its choices' bars have a row of their own above them. */
const COLUMNS = 7;
/** A figure's header: wraps (the labels are long), so the table stays as narrow as its numbers. */
const figureHead = "min-w-16 whitespace-normal text-right";

export default async function ItemStatisticsPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const origin = originOf((await searchParams).from);
  const locale = await getLocale();
  const [stats, season, messages] = await Promise.all([
    foundOr404(itemStatistics({ testId: route.testId, language: readerLanguage(locale) })),
    testSeason(route.testId, (id) => withOrigin(`/admin/tests/${id}/items`, origin)),
    getOrganiserMessages(),
  ]);
  const texts = messages.itemStatistics;
  const difficultyOf = messages.questions.difficultyOf;
  const languageNames = messages.questions.languageNames;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={messages.help.itemStatistics} season={season ?? undefined}>
        <BackLink origin={origin} testId={route.testId} />
      </PageHeader>
      {stats.provisional && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {texts.provisional}
        </p>
      )}
      {stats.attempts === 0 ? (
        <p role="status" className="mb-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          {texts.none}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-600">{texts.attempts({ n: stats.attempts })}</p>
      )}
      {stats.attempts > 0 && <ItemTestFigures stats={stats} messages={messages} locale={locale} />}
      <p className="text-xs text-slate-600" data-testid="flag-minimum">
        {texts.flagMinimum({ count: WRONG_KEY_MIN_DRAWN })}
      </p>
      <p className="mb-3 text-xs text-slate-600" data-testid="translation-minimum">
        {texts.translationMinimum({ count: Math.max(LANGUAGE_MIN_DRAWN, DIF_MIN_DRAWN) })}
      </p>
      {/* Each question a group of rows: its text across the table, its figures under their headers. */}
      <Table data-testid="item-statistics-table">
        <THead>
          <tr>
            <TH>#</TH>
            <TH className="text-right">{texts.drawn}</TH>
            <TH className="text-right">{texts.facility}</TH>
            <TH className={figureHead}>{texts.discrimination}</TH>
            <TH className={figureHead}>{texts.discriminationIndex}</TH>
            <TH className={figureHead}>{texts.efficiency}</TH>
            <TH className={figureHead}>{texts.raschDifficulty}</TH>
          </tr>
        </THead>
        {stats.items.length === 0 && (
          <TBody>
            <EmptyRow columns={COLUMNS}>{texts.noQuestions}</EmptyRow>
          </TBody>
        )}
        {stats.items.map((item) => {
          const figure = (value: number | null | undefined) => (value === null || value === undefined ? "—" : decimal(locale, value, 2));
          const percent = (value: number | null | undefined) =>
            value === null || value === undefined ? "—" : `${Math.round(value * 100)}%`;
          return (
            <TBody key={item.questionId} data-testid={`item-${item.questionId}`} className="border-t-2 border-slate-200">
              <tr>
                <TD rowSpan={2} className="whitespace-nowrap">
                  <span className="block font-mono text-xs text-slate-500">#{item.questionId}</span>
                  <span className={`${badge} bg-primary-50 text-primary-800`}>{difficultyOf[item.difficulty]}</span>
                </TD>
                <TD colSpan={COLUMNS - 1} className="pb-1">
                  <ItemQuestion item={item} testId={route.testId} messages={messages} locale={locale} />
                </TD>
              </tr>
              <tr>
                <TD className="text-right tabular-nums">{item.drawn}</TD>
                <TD className="text-right tabular-nums">
                  {percent(item.facility)}
                  {item.languages.length > 1 && (
                    <ul className="mt-1 text-xs text-slate-600" data-testid="facility-languages">
                      {item.languages.map((l) => (
                        <li key={l.language} className="whitespace-nowrap">
                          {texts.languageFacility({
                            language: languageNames[l.language],
                            facility: Math.round(l.facility * 100),
                            drawn: l.drawn,
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </TD>
                <TD
                  className={`text-right tabular-nums ${item.flags.includes("negativeDiscrimination") ? "font-semibold text-red-700" : ""}`}
                >
                  {figure(item.discrimination)}
                </TD>
                <TD
                  className={`text-right tabular-nums ${(item.analysis?.discriminationIndex ?? 0) < 0 ? "font-semibold text-red-700" : ""}`}
                >
                  {figure(item.analysis?.discriminationIndex)}
                </TD>
                <TD className="text-right tabular-nums">{percent(item.analysis?.discriminativeEfficiency)}</TD>
                <TD className="text-right tabular-nums">{figure(item.raschDifficulty)}</TD>
              </tr>
              {item.analysis && (
                <tr>
                  <TD colSpan={COLUMNS} className="pt-0">
                    <ItemVersions item={item} minimum={DIF_MIN_DRAWN} messages={messages} locale={locale} />
                  </TD>
                </tr>
              )}
            </TBody>
          );
        })}
      </Table>
    </div>
  );
}

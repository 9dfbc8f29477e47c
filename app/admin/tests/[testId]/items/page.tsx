import type { Metadata } from "next";
import Link from "next/link";
import { ChoiceBars } from "@/components/organiser/choice-bars";
import { PageHeader } from "@/components/organiser/page-header";
import { RegradeButton } from "@/components/organiser/results-actions";
import { RichText } from "@/components/ui/rich-text";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { distractorsAboveKey, itemStatistics, WRONG_KEY_MIN_DRAWN } from "@/lib/statistics/items";
import { testIdParams } from "@/lib/tests/schema";
import { decimal } from "@/shared/i18n/numbers";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getOrganiserMessages()).itemStatistics.title };
}

type Props = { params: Promise<{ testId: string }> };

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

export default async function ItemStatisticsPage({ params }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const stats = await foundOr404(itemStatistics({ testId: route.testId }));
  const [messages, locale] = await Promise.all([getOrganiserMessages(), getLocale()]);
  const texts = messages.itemStatistics;
  const difficultyOf = messages.questions.difficultyOf;
  const languageNames = messages.questions.languageNames;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={messages.help.itemStatistics}>
        <Link href="/admin/tests" className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline">
          {texts.back}
        </Link>
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
      <p className="mb-3 text-xs text-slate-600" data-testid="flag-minimum">
        {texts.flagMinimum({ count: WRONG_KEY_MIN_DRAWN })}
      </p>
      <Table data-testid="item-statistics-table">
        <THead>
          <tr>
            <TH>#</TH>
            <TH>{texts.question}</TH>
            <TH className="text-right">{texts.drawn}</TH>
            <TH className="text-right">{texts.facility}</TH>
            <TH className="text-right">{texts.discrimination}</TH>
            <TH>{texts.choices}</TH>
          </tr>
        </THead>
        <TBody>
          {stats.items.length === 0 && (
            <tr>
              <TD colSpan={6} className="py-6 text-center text-slate-500">
                {texts.noQuestions}
              </TD>
            </tr>
          )}
          {stats.items.map((item) => {
            const aboveKey = item.flags.includes("distractorAboveKey") ? distractorsAboveKey(item.choices) : new Set<number>();
            return (
              <TR key={item.questionId} data-testid={`item-${item.questionId}`}>
                <TD className="whitespace-nowrap">
                  <span className="block font-mono text-xs text-slate-500">#{item.questionId}</span>
                  <span className={`${badge} bg-primary-50 text-primary-800`}>{difficultyOf[item.difficulty]}</span>
                </TD>
                <TD className="min-w-64 max-w-xl">
                  <RichText html={item.text} className="text-sm leading-relaxed" />
                  {(item.voided || item.retired || item.flags.length > 0) && (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {item.flags.some((flag) => flag !== "languagesDiffer") && (
                        <span className={`${badge} bg-red-100 text-red-800`}>{texts.flag}</span>
                      )}
                      {item.flags.includes("languagesDiffer") && (
                        <span className={`${badge} bg-amber-100 text-amber-900`} data-testid="translation-flag">
                          {texts.translationFlag}
                        </span>
                      )}
                      {item.voided && <span className={`${badge} bg-slate-200 text-slate-800`}>{texts.voided}</span>}
                      {item.retired && <span className={`${badge} bg-slate-100 text-slate-600`}>{texts.retired}</span>}
                    </div>
                  )}
                  {!item.voided && <RegradeButton testId={route.testId} question={item} />}
                </TD>
                <TD className="text-right tabular-nums">{item.drawn}</TD>
                <TD className="text-right tabular-nums">
                  {item.facility === null ? "—" : `${Math.round(item.facility * 100)}%`}
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
                  {item.discrimination === null ? "—" : decimal(locale, item.discrimination, 2)}
                </TD>
                <TD>
                  <ChoiceBars choices={item.choices.map((c) => ({ ...c, flagged: aboveKey.has(c.choiceId) }))} />
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
    </div>
  );
}

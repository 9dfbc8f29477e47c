// An appealed question's figures from the item statistics report (issue 30): how often it was
// drawn, its facility (p) in all and per language, its discrimination, how often each choice was
// picked, and why it is flagged. A server component, beside the question's appeals.
import Link from "next/link";
import { ChoiceBars } from "@/components/statistics/choice-bars";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { ItemStatistics } from "@/lib/statistics/analysis";
import { reasonText } from "@/lib/statistics/reasons";
import { type Origin, withOrigin } from "@/shared/console/origin";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";

type Props = { testId: number; origin: Origin; item: ItemStatistics | undefined; locale: Locale };

export async function QuestionStatistics({ testId, origin, item, locale }: Props) {
  const messages = await getOrganiserMessages();
  const [texts, figures] = [messages.appeals, messages.itemStatistics];
  const figure = (value: number | null | undefined) => (value === null || value === undefined ? "—" : decimal(locale, value, 2));
  const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${Math.round(value * 100)}%`);
  return (
    <aside
      className="min-w-0 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200 xl:self-start"
      aria-label={texts.statsTitle}
      data-testid="question-statistics"
    >
      <h4 className="font-semibold text-slate-900">{texts.statsTitle}</h4>
      {!item || item.drawn === 0 ? (
        <p className="mt-1 text-slate-600">{texts.statsNone}</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1">
            {(
              [
                [figures.drawn, String(item.drawn), "stat-drawn"],
                [figures.facility, percent(item.facility), "stat-facility"],
                [figures.discrimination, figure(item.discrimination), "stat-discrimination"],
                [figures.discriminationIndex, figure(item.analysis?.discriminationIndex), "stat-discrimination-index"],
                [figures.raschDifficulty, figure(item.raschDifficulty), "stat-rasch"],
              ] as const
            ).map(([label, value, testId]) => (
              <div key={testId} className="contents">
                <dt className="min-w-0 text-slate-600">{label}</dt>
                <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {item.languages.length > 1 && (
            <ul className="mt-2 text-xs text-slate-600" data-testid="stat-languages">
              {item.languages.map((l) => (
                <li key={l.language}>
                  {figures.languageFacility({
                    language: messages.results.languageNames[l.language],
                    facility: Math.round(l.facility * 100),
                    drawn: l.drawn,
                  })}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs font-medium text-slate-700">{figures.choices}</p>
          <div className="mt-1 max-w-full overflow-x-auto">
            <ChoiceBars item={item} />
          </div>
          {item.reasons.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-4 text-xs text-red-800" data-testid="stat-flags">
              {item.reasons.map((reason) => {
                const text = reasonText(messages, locale, item, reason);
                return <li key={text}>{text}</li>;
              })}
            </ul>
          )}
        </>
      )}
      <Link
        href={withOrigin(`/admin/tests/${testId}/items`, origin)}
        className="mt-2 inline-block text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        data-testid="items-link"
      >
        {texts.statsLink}
      </Link>
    </aside>
  );
}

// One question of the item statistics: its text (formulas typeset on the server), its flags and
// their reasons, the regrade, and beside them how often each choice was picked. The figures have a
// row of their own under it. A server component.
import { RegradeButton } from "@/components/results/results-actions";
import { TypesetText } from "@/components/ui/typeset-text";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { ItemStatistics } from "@/lib/statistics/analysis";
import type { ItemFlag } from "@/lib/statistics/flags";
import { reasonText } from "@/lib/statistics/reasons";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { ChoiceBars } from "./choice-bars";

export const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";
/** The flags that point to a wrong key (the others to a translation). */
const KEY_FLAGS: readonly ItemFlag[] = ["negativeDiscrimination", "distractorAboveKey"];

type Props = { item: ItemStatistics; testId: number; messages: OrganiserMessages; locale: Locale };

export function ItemQuestion({ item, testId, messages, locale }: Props) {
  const texts = messages.itemStatistics;
  const languageNames = messages.questions.languageNames;
  const mistranslated = [...new Set(item.reasons.flatMap((r) => (r.flag === "translationDif" ? [r.harder] : [])))];
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 flex-1">
        <TypesetText html={item.text} className="max-w-3xl text-sm leading-relaxed" />
        {(item.voided || item.retired || item.flags.length > 0) && (
          <div className="mt-1 flex flex-wrap gap-1">
            {item.flags.some((flag) => KEY_FLAGS.includes(flag)) && (
              <span className={`${badge} bg-red-100 text-red-800`}>{texts.flag}</span>
            )}
            {item.flags.includes("languagesDiffer") && (
              <span className={`${badge} bg-amber-100 text-amber-900`} data-testid="translation-flag">
                {texts.translationFlag}
              </span>
            )}
            {mistranslated.map((language) => (
              <span key={language} className={`${badge} bg-amber-100 text-amber-900`} data-testid="dif-flag">
                {texts.translationDifFlag({ language: languageNames[language] })}
              </span>
            ))}
            {item.voided && <span className={`${badge} bg-slate-200 text-slate-800`}>{texts.voided}</span>}
            {item.retired && <span className={`${badge} bg-slate-100 text-slate-600`}>{texts.retired}</span>}
          </div>
        )}
        {item.reasons.length > 0 && (
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs text-slate-700" data-testid="flag-reasons">
            {item.reasons.map((reason) => {
              const text = reasonText(messages, locale, item, reason);
              return <li key={text}>{text}</li>;
            })}
          </ul>
        )}
        {/* Only what the dialog needs: the row's figures stay on the server. */}
        {!item.voided && (
          <RegradeButton testId={testId} question={{ questionId: item.questionId, text: item.text, choices: item.choices }} />
        )}
      </div>
      <div className="shrink-0" data-testid="choice-shares">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{texts.choices}</p>
        <ChoiceBars item={item} />
      </div>
    </div>
  );
}

// One question's figures per language version (Moodle's item analysis and the Mantel–Haenszel DIF
// against the reference language) and each choice's share in the top and bottom thirds, folded
// under the question's row of the item statistics. A server component.
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { ItemStatistics } from "@/lib/statistics/analysis";
import type { LanguageDif } from "@/lib/statistics/flags";
import type { ItemAnalysis } from "@/lib/statistics/moodle";
import { choiceLetter } from "@/lib/statistics/reasons";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";

const th = "whitespace-nowrap px-2 py-1 text-left font-semibold";
const td = "whitespace-nowrap px-2 py-1 tabular-nums";

type Props = { item: ItemStatistics; minimum: number; messages: OrganiserMessages; locale: Locale };

export function ItemVersions({ item, minimum, messages, locale }: Props) {
  const texts = messages.itemStatistics;
  const languageNames = messages.questions.languageNames;
  const number = (value: number | null | undefined) => (value === null || value === undefined ? "—" : decimal(locale, value, 2));
  const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${Math.round(value * 100)}%`);
  const rows: { key: string; label: string; analysis: ItemAnalysis | null; dif?: LanguageDif }[] = [
    { key: "all", label: texts.allLanguages, analysis: item.analysis },
    ...item.versions.map((v) => ({
      key: String(v.language),
      label: languageNames[v.language],
      analysis: v.analysis,
      dif: item.dif.find((d) => d.language === v.language),
    })),
  ];
  const difCell = (dif: LanguageDif | undefined) => {
    if (!dif || dif.delta === null) return "—";
    const size = dif.etsClass ? `${dif.etsClass} — ${texts.etsClasses[dif.etsClass]}` : texts.difTooFew({ minimum });
    return `${number(dif.delta)} · ${size}`;
  };
  return (
    <details className="rounded-lg bg-slate-50 p-2 text-xs" data-testid={`item-details-${item.questionId}`}>
      <summary className="cursor-pointer text-sm font-medium text-primary-700">{texts.details}</summary>
      <table className="mt-2 border-collapse">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={th}>
              {texts.language}
            </th>
            {[
              texts.drawn,
              texts.facility,
              texts.sd,
              texts.randomGuess,
              texts.discrimination,
              texts.discriminationIndex,
              texts.efficiency,
            ].map((label) => (
              <th key={label} scope="col" className={th}>
                {label}
              </th>
            ))}
            <th scope="col" className={th}>
              {texts.dif}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, analysis, dif }) => (
            <tr key={key} className="border-t border-slate-200" data-testid={`version-${key}`}>
              <th scope="row" className={th}>
                {label}
              </th>
              <td className={td}>{analysis?.n ?? 0}</td>
              <td className={td}>{percent(analysis?.facility)}</td>
              <td className={td}>{number(analysis?.sd)}</td>
              <td className={td}>{percent(analysis?.randomGuess)}</td>
              <td className={td}>{number(analysis?.discrimination)}</td>
              <td className={td}>{number(analysis?.discriminationIndex)}</td>
              <td className={td}>{percent(analysis?.discriminativeEfficiency)}</td>
              <td className={td} data-testid={key === "all" ? undefined : `dif-${key}`}>
                {difCell(dif)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-slate-600">
        {texts.choices}: {texts.picked} · {texts.top} / {texts.bottom}
      </p>
      <table className="mt-1 border-collapse" data-testid={`choice-shares-${item.questionId}`}>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={th}>
              {texts.choice}
            </th>
            {rows.map(({ key, label }) => (
              <th key={key} scope="col" className={th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {item.choices.map((choice) => (
            <tr key={choice.choiceId} className="border-t border-slate-200">
              <th scope="row" className={th}>
                {choiceLetter(item.choices, choice.choiceId)}
                {choice.isCorrect && <span className="ml-1 font-normal text-green-700">({texts.key})</span>}
              </th>
              {rows.map(({ key, analysis }) => {
                const shares = analysis?.choices.find((c) => c.choiceId === choice.choiceId);
                return (
                  <td key={key} className={td}>
                    {shares?.picked ?? 0} · {percent(shares?.top)} / {percent(shares?.bottom)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

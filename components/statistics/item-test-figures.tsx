// The item statistics page's summary of the whole test: Moodle's test figures with the reading of
// the coefficient of internal consistency, the Rasch estimation, the DIF's reference language and
// the workbook's download. A server component.
import { buttonClass } from "@/components/ui/button-style";
import { Card } from "@/components/ui/card";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { TestItemStatistics } from "@/lib/statistics/analysis";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";

const verdictTone = {
  satisfactory: "bg-green-50 text-green-800 ring-green-200",
  between: "bg-amber-50 text-amber-900 ring-amber-200",
  unsatisfactory: "bg-red-50 text-red-800 ring-red-200",
} as const;

export function ItemTestFigures({ stats, messages, locale }: { stats: TestItemStatistics; messages: OrganiserMessages; locale: Locale }) {
  const texts = messages.itemStatistics;
  const f = stats.test;
  const number = (value: number | null | undefined, digits = 2) =>
    value === null || value === undefined ? "—" : decimal(locale, value, digits);
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined ? "—" : `${decimal(locale, value * 100, 1)}%`;
  const figures: [string, string][] = [
    [texts.testFigures.mean, number(f?.mean)],
    [texts.testFigures.median, number(f?.median)],
    [texts.testFigures.sd, number(f?.sd)],
    [texts.testFigures.skewness, number(f?.skewness)],
    [texts.testFigures.kurtosis, number(f?.kurtosis)],
    [texts.testFigures.cic, percent(f?.cic)],
    [texts.testFigures.errorRatio, percent(f?.errorRatio)],
    [texts.testFigures.standardError, number(f?.standardError)],
  ];
  const multilingual = stats.items.some((item) => item.versions.length > 1);
  const rasch = stats.rasch;
  return (
    <Card as="section" size="panel" className="mb-3" aria-labelledby="test-figures-title" data-testid="test-figures">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="test-figures-title" className="text-sm font-semibold text-slate-900">
          {texts.testTitle}
        </h2>
        <a
          href={`/api/admin/tests/${stats.testId}/item-statistics/export?lang=${locale}`}
          download
          className={buttonClass("secondary", "", "compact")}
          data-testid="item-statistics-xlsx"
        >
          {texts.download}
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {f?.verdict && (
        <p className={`mt-2 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ${verdictTone[f.verdict]}`} data-testid="cic-verdict">
          {texts.testFigures.cic}: {percent(f.cic)} — {texts.verdict[f.verdict]}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">{texts.cicMethod}</p>
      {rasch && rasch.measured > 0 && (
        <p className="mt-1 text-xs text-slate-600" data-testid="rasch-summary">
          {texts.rasch({ placed: rasch.placed, measured: rasch.measured, mean: number(rasch.meanMeasure), sd: number(rasch.sdMeasure) })}
          {!rasch.converged && ` ${texts.raschNotConverged({ iterations: rasch.iterations })}`}
        </p>
      )}
      {multilingual && stats.referenceLanguage !== null && (
        <p className="mt-1 text-xs text-slate-600" data-testid="dif-reference">
          {texts.reference({ language: messages.questions.languageNames[stats.referenceLanguage] })}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500">{texts.downloadHint}</p>
    </Card>
  );
}

// The evidence sheet's statistics of a screened pair: shared questions, matching answers against
// those expected, identical wrong answers, answers saved together, the combined test, and the
// devices and addresses the two had in common.
import { pValue } from "@/components/integrity/screening-words";
import { Card } from "@/components/ui/card";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import type { EvidenceSheet } from "@/lib/integrity/decisions";
import { decimal } from "@/shared/i18n/numbers";

export async function PairStatistics({ sheet }: { sheet: EvidenceSheet }) {
  const [texts, locale] = [(await getOrganiserMessages()).screening, await getLocale()];
  const { evidence } = sheet.pair;
  return (
    <Card size="panel" as="section" aria-labelledby="statistics-title" data-testid="pair-statistics">
      <h2 id="statistics-title" className="text-lg font-semibold">
        {texts.statistics}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>
          {texts.shared}: {evidence.shared}
        </li>
        <li>
          {texts.omega({
            observed: evidence.matches,
            expected: decimal(locale, evidence.expected, 1),
            omega: decimal(locale, evidence.omega, 2),
            p: pValue(locale, evidence.pOmega),
          })}
        </li>
        <li>
          {texts.identicalWrong}: {evidence.identicalWrong}
        </li>
        <li>
          {texts.timing({
            observed: evidence.together,
            expected: decimal(locale, evidence.timingExpected, 1),
            p: pValue(locale, evidence.pTiming),
          })}
          <span className="block text-xs text-slate-600">
            {texts.closeAndChanges({ close: evidence.closeMatches, changes: evidence.sameChanges })}
          </span>
          {sheet.order.pairs > 0 && (
            <span className="block text-xs text-slate-600" data-testid="same-order">
              {texts.sameOrder(sheet.order)}
            </span>
          )}
        </li>
        <li className="font-medium">
          {evidence.p === null || evidence.q === null
            ? texts.notTested
            : texts.combined({
                p: pValue(locale, evidence.p),
                q: pValue(locale, evidence.q),
                fdr: decimal(locale, sheet.options.fdr, 2),
              })}
        </li>
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-slate-800">{texts.overlaps}</h3>
      <p className="text-sm text-slate-800" data-testid="pair-overlaps">
        {sheet.overlaps.devices === 0 && sheet.overlaps.addresses.length === 0
          ? texts.noOverlap
          : [
              sheet.overlaps.devices > 0 ? texts.devices({ n: sheet.overlaps.devices }) : null,
              sheet.overlaps.addresses.length > 0 ? texts.addresses({ list: sheet.overlaps.addresses.join(", ") }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
      </p>
    </Card>
  );
}

// How the screening's pages write a p value and a decision.
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { PairDecision } from "@/lib/integrity/decisions";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";

/** A p or q value: four decimals, and "< 0,0001" below them (the statistic's own precision ends there). */
export const pValue = (locale: Locale, p: number): string => (p < 0.0001 ? `< ${decimal(locale, 0.0001, 4)}` : decimal(locale, p, 4));

export async function PairDecisionText({ decision, names }: { decision: PairDecision | null; names: { a: string; b: string } }) {
  const texts = (await getOrganiserMessages()).screening;
  if (!decision) return <span className="text-slate-500">{texts.undecided}</span>;
  const text =
    decision.decision === "voidA"
      ? texts.decided.voidA({ name: names.a })
      : decision.decision === "voidB"
        ? texts.decided.voidB({ name: names.b })
        : texts.decided[decision.decision];
  return <span className={decision.decision === "none" ? "text-slate-700" : "font-medium text-red-800"}>{text}</span>;
}

// What may point to a wrong key or a wrong translation of a question, each flag with its reason
// and the figures it says it with, never below a stated number of pupils. Pure: lib/statistics/
// items.ts computes the figures and asks this module what they flag; ./reasons.ts words them.
import "server-only";
import type { StudyLanguage, VoidAwards } from "@/shared/attempts/enums";
import type { MantelHaenszel } from "./dif";

export type ItemFlag = "negativeDiscrimination" | "distractorAboveKey" | "languagesDiffer" | "translationDif";

/**
 * Fewer draws than this say nothing about a key: two or three pupils picking the same wrong choice,
 * or a strong one missing it, is chance. Below it the figures are shown but no question is flagged
 * "Kalit xato bo'lishi mumkin" (the page says so).
 */
export const WRONG_KEY_MIN_DRAWN = 5;

/** Two languages' facilities further apart than this, each over enough pupils, point to a translation. */
export const LANGUAGE_GAP = 0.2;
export const LANGUAGE_MIN_DRAWN = 30;

/**
 * Pupils a language version needs, in it and in the reference language, before its DIF is given an
 * ETS class (and a C flagged). ETS asks for far larger groups (Zwick 2012 reviews its minimum
 * sample sizes), which an olympiad's smaller study languages would never reach; the class's own
 * significance tests keep a small group's chance differences in A or B. The same 30 as the
 * facilities' comparison.
 */
export const DIF_MIN_DRAWN = LANGUAGE_MIN_DRAWN;

/** Why a question is flagged, with the figures the page and the workbook say it with. */
export type FlagReason =
  | { flag: "negativeDiscrimination"; discrimination: number; drawn: number; minimum: number }
  | { flag: "distractorAboveKey"; choiceIds: number[]; picked: number; keyPicked: number; drawn: number; minimum: number }
  | { flag: "languagesDiffer"; high: LanguageFacility; low: LanguageFacility; gap: number; minimum: number }
  | {
      flag: "translationDif";
      /** The version the question was harder in, for pupils of the same score: the likely mistranslation. */
      harder: StudyLanguage;
      easier: StudyLanguage;
      delta: number;
      minimum: number;
    };

export type LanguageFacility = { language: StudyLanguage; drawn: number; facility: number };

/** Mantel–Haenszel DIF of a language version against the reference language, its class only with enough pupils in both. */
export type LanguageDif = MantelHaenszel & { language: StudyLanguage; referenceLanguage: StudyLanguage };

/** What the flags read of a question's figures (lib/statistics/analysis.ts ItemStatistics). */
export type FlaggedItem = {
  voided: VoidAwards | null;
  drawn: number;
  discrimination: number | null;
  choices: { choiceId: number; isCorrect: boolean; picked: number }[];
  languages: LanguageFacility[];
  dif: LanguageDif[];
};

/** The wrong choices picked more often than the key: the pupils may know a key we got wrong. */
export function distractorsAboveKey(choices: FlaggedItem["choices"]): Set<number> {
  const key = Math.max(0, ...choices.filter((c) => c.isCorrect).map((c) => c.picked));
  return new Set(choices.filter((c) => !c.isCorrect && c.picked > key).map((c) => c.choiceId));
}

/**
 * What may point to a wrong key (once drawn WRONG_KEY_MIN_DRAWN times) or a wrong translation (each
 * version drawn LANGUAGE_MIN_DRAWN / DIF_MIN_DRAWN times), each with its figures; a voided
 * question is settled already, so it has none.
 */
export function reasonsOf(item: FlaggedItem): FlagReason[] {
  if (item.voided) return [];
  const reasons: FlagReason[] = [];
  const enough = item.drawn >= WRONG_KEY_MIN_DRAWN;
  if (enough && item.discrimination !== null && item.discrimination < 0)
    reasons.push({ flag: "negativeDiscrimination", discrimination: item.discrimination, drawn: item.drawn, minimum: WRONG_KEY_MIN_DRAWN });
  const above = distractorsAboveKey(item.choices);
  if (enough && above.size > 0)
    reasons.push({
      flag: "distractorAboveKey",
      choiceIds: [...above],
      picked: Math.max(...item.choices.filter((c) => above.has(c.choiceId)).map((c) => c.picked)),
      keyPicked: Math.max(0, ...item.choices.filter((c) => c.isCorrect).map((c) => c.picked)),
      drawn: item.drawn,
      minimum: WRONG_KEY_MIN_DRAWN,
    });
  if (languagesDiffer(item.languages)) {
    const enoughLanguages = item.languages.filter((l) => l.drawn >= LANGUAGE_MIN_DRAWN);
    const byFacility = [...enoughLanguages].sort((a, b) => b.facility - a.facility);
    reasons.push({
      flag: "languagesDiffer",
      high: byFacility[0],
      low: byFacility[byFacility.length - 1],
      gap: LANGUAGE_GAP,
      minimum: LANGUAGE_MIN_DRAWN,
    });
  }
  for (const dif of item.dif)
    if (dif.etsClass === "C" && dif.delta !== null)
      reasons.push({
        flag: "translationDif",
        // Negative D: harder for the focal version's pupils than for matched reference pupils.
        harder: dif.delta < 0 ? dif.language : dif.referenceLanguage,
        easier: dif.delta < 0 ? dif.referenceLanguage : dif.language,
        delta: dif.delta,
        minimum: DIF_MIN_DRAWN,
      });
  return reasons;
}

/** "Tarjima xato bo'lishi mumkin": two languages, each drawn by 30 or more, with facilities more than 0.2 apart. */
export function languagesDiffer(languages: readonly LanguageFacility[]): boolean {
  const enough = languages.filter((l) => l.drawn >= LANGUAGE_MIN_DRAWN).map((l) => l.facility);
  // In thousandths, as the facilities are rounded: 0.8 − 0.6 is no more than 0.2.
  return enough.length >= 2 && Math.round((Math.max(...enough) - Math.min(...enough)) * 1000) > LANGUAGE_GAP * 1000;
}

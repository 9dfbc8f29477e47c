// A flagged question's reasons as sentences in the reader's language, with their figures: the same
// words on the item statistics page and in its workbook.
import "server-only";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";
import type { ItemStatistics } from "./analysis";
import type { FlagReason } from "./flags";

/** A choice's letter as the page and the regrade show it: its place among the question's choices (A = the first stored). */
export const choiceLetter = (choices: ItemStatistics["choices"], choiceId: number): string =>
  String.fromCharCode(
    65 +
      Math.max(
        0,
        choices.findIndex((c) => c.choiceId === choiceId),
      ),
  );

export function reasonText(messages: OrganiserMessages, locale: Locale, item: ItemStatistics, reason: FlagReason): string {
  const texts = messages.itemStatistics.reasons;
  const language = (code: number) => messages.questions.languageNames[code as 0 | 1 | 2];
  const percent = (fraction: number) => Math.round(fraction * 100);
  switch (reason.flag) {
    case "negativeDiscrimination":
      return texts.negativeDiscrimination({
        value: decimal(locale, reason.discrimination, 2),
        drawn: reason.drawn,
        minimum: reason.minimum,
      });
    case "distractorAboveKey":
      return texts.distractorAboveKey({
        letters: reason.choiceIds.map((id) => choiceLetter(item.choices, id)).join(", "),
        picked: reason.picked,
        keyPicked: reason.keyPicked,
        drawn: reason.drawn,
        minimum: reason.minimum,
      });
    case "languagesDiffer":
      return texts.languagesDiffer({
        high: language(reason.high.language),
        highFacility: percent(reason.high.facility),
        low: language(reason.low.language),
        lowFacility: percent(reason.low.facility),
        gap: percent(reason.gap),
        minimum: reason.minimum,
      });
    case "translationDif":
      return texts.translationDif({
        harder: language(reason.harder),
        easier: language(reason.easier),
        delta: decimal(locale, reason.delta, 2),
        minimum: reason.minimum,
      });
  }
}

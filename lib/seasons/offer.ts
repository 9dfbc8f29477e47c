// The public offer's words: the locale's text with a season's registration period and fee filled in
// (lib/seasons/seasons.ts keeps them per version; the settings' season is the first one's defaults).
import "server-only";
import { config } from "@/lib/config";
import { offerOf } from "@/lib/i18n/catalogues";
import type { OfferSection } from "@/lib/i18n/uz-offer";
import { fill } from "@/shared/i18n/format";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { wholeNumber } from "@/shared/i18n/numbers";
import { dateTextOf } from "@/shared/time";

/** What the offer states of a season: its registration period ("2026-05-12") and fee. */
export type Season = { opens: string; closes: string; feeSom: number };

export const configuredSeason = (): Season => ({ ...config().registrationPeriod, feeSom: config().registrationFeeSom });

/** The offer in `locale`, its {opens}, {closes} and {fee} filled from the season. */
export function offerText(locale: Locale, season: Season = configuredSeason()): OfferSection[] {
  const values = { opens: dateTextOf(season.opens), closes: dateTextOf(season.closes), fee: wholeNumber(locale, season.feeSom) };
  return offerOf(locale).map((section) => ({
    heading: fill(section.heading, values),
    paragraphs: section.paragraphs.map((paragraph) => fill(paragraph, values)),
  }));
}

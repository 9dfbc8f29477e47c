// The test's enumerations, safe for the browser: a question's difficulty and a test's review policy.
import type { Locale } from "@/shared/i18n/locale.mjs";
export const Difficulty = { Easy: 1, Medium: 2, Hard: 3 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];

/** When the key is shown in review: after the window closes (default), or after the pupil ends. */
export const ReviewPolicy = { AfterClose: "afterClose", AfterEnd: "afterEnd" } as const;
export type ReviewPolicy = (typeof ReviewPolicy)[keyof typeof ReviewPolicy];

/** Who ended an attempt: the pupil ("Yakunlash"), the clock (its deadline), or an organiser. */
export const EndedBy = { Pupil: 1, Clock: 2, Organiser: 3 } as const;
export type EndedBy = (typeof EndedBy)[keyof typeof EndedBy];

/** A voided question's points after a regrade: given to everyone who drew it, or to nobody. */
export const VoidAwards = { All: "all", None: "none" } as const;
export type VoidAwards = (typeof VoidAwards)[keyof typeof VoidAwards];

/**
 * The language a pupil studies in and is tested in (the spec's `language`: Uzbek = 0), distinct
 * from the interface's locale: a pupil of a Russian school may read the site in Uzbek.
 */
export const StudyLanguage = { Uzbek: 0, Russian: 1, Karakalpak: 2 } as const;
export type StudyLanguage = (typeof StudyLanguage)[keyof typeof StudyLanguage];
export const STUDY_LANGUAGES: readonly StudyLanguage[] = [StudyLanguage.Uzbek, StudyLanguage.Russian, StudyLanguage.Karakalpak];

/** A question's, a choice's or a reading text's words, per study language ("0", "1", "2"): at least one. */
export type LanguageTexts = Partial<Record<`${StudyLanguage}`, string>>;

/** The text in `language`, if the item has one. */
export function textIn(texts: LanguageTexts, language: StudyLanguage): string | undefined {
  return texts[`${language}`];
}

/** The languages an item exists in, in order. */
export function languagesOf(texts: LanguageTexts): StudyLanguage[] {
  return STUDY_LANGUAGES.filter((language) => texts[`${language}`] !== undefined);
}

/** An item's text in its first language: what the console lists it by. */
export function firstText(texts: LanguageTexts): string {
  return textIn(texts, languagesOf(texts)[0]) ?? "";
}

/** An item's text in `language` where the bank has it, else in its first language. */
export function textOrFirst(texts: LanguageTexts, language: StudyLanguage | undefined): string {
  return (language !== undefined && textIn(texts, language)) || firstText(texts);
}

/** The bank's language a reader of the console's pages in `locale` reads: Russian on Russian pages, else Uzbek. */
export const readerLanguage = (locale: Locale): StudyLanguage => (locale === "ru" ? StudyLanguage.Russian : StudyLanguage.Uzbek);

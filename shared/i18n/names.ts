// Names from the database (regions, districts, schools, subjects) in the reader's language, and
// the order that language sorts them in: every page, list, API answer and export says them
// through here. The catalogue's own name where it has one (Russian names of regions, districts
// and subjects), a school's generic name said in Russian, else as stored in Uzbek Latin,
// transliterated on a Cyrillic page. A pupil's own name is never changed: it is printed as the
// family wrote it.

import type { Locale } from "./locale.mjs";
import { toCyrillic } from "./transliterate";
import type { Messages } from "./types";

const APOSTROPHE = "['ʻʼ‘’`]";

/** A school's name as the state names schools, said in Russian; the number kept. */
const RUSSIAN_SCHOOLS: [RegExp, (number: string) => string][] = [
  // "1-son umumiy o'rta ta'lim maktabi", "1-sonli maktab", "1-son maktabi"
  [
    new RegExp(`^(\\d+)\\s*-\\s*son(?:li)?\\s+(?:umumiy\\s+o${APOSTROPHE}rta\\s+ta${APOSTROPHE}lim\\s+)?maktab(?:i)?$`, "iu"),
    (n) => `Школа № ${n}`,
  ],
  // "5-son ixtisoslashtirilgan davlat umumta'lim maktabi", "5-son IDUM"
  [
    new RegExp(
      `^(\\d+)\\s*-\\s*son(?:li)?\\s+(?:ixtisoslashtirilgan\\s+(?:davlat\\s+)?umumta${APOSTROPHE}lim\\s+maktab(?:i)?|IDUM)$`,
      "iu",
    ),
    (n) => `Специализированная школа № ${n}`,
  ],
  [/^prezident\s+maktabi$/iu, () => "Президентская школа"],
];

function russianSchoolName(name: string): string | null {
  const trimmed = name.trim();
  for (const [pattern, said] of RUSSIAN_SCHOOLS) {
    const match = pattern.exec(trimmed);
    if (match) return said(match[1]);
  }
  return null;
}

/** A name from the database in the reader's language. Saying it twice changes nothing. */
export function localName(m: Messages, locale: Locale, name: string): string {
  const named = m.names[name];
  if (named) return named;
  if (locale === "uz") return name;
  return (locale === "ru" && russianSchoolName(name)) || toCyrillic(name);
}

/** A name typed back to confirm an act (a subject's, to close its test): as stored, or as the reader's language says it. */
export function isNameOf(m: Messages, locale: Locale, stored: string, typed: string | undefined): boolean {
  const name = typed?.trim();
  return name === stored || name === localName(m, locale, stored);
}

const collators = new Map<Locale, Intl.Collator>();

/**
 * How the reader's language orders names: Uzbek's alphabet (oʻ, gʻ, sh, ch after z), Russian's;
 * for Ўзбекча the Cyrillic names themselves (ICU has no Uzbek Cyrillic order of its own, so ў, қ,
 * ғ and ҳ sort beside у, к, г and х).
 */
export function collatorOf(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator;
}

/** Names said in the reader's language, in the order that language sorts them. */
export const byName =
  (locale: Locale) =>
  (a: { name: string }, b: { name: string }): number =>
    collatorOf(locale).compare(a.name, b.name);

/** A school's number: its name's leading one ("12-son …") or the one after № ("Школа № 12"). */
function schoolNumber(name: string): number {
  const match = /^\s*(\d+)/.exec(name) ?? /№\s*(\d+)/.exec(name);
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}

/** Schools (their names said in the reader's language) by number ("2-son" before "12-son"), then by name. */
export const bySchool =
  (locale: Locale) =>
  (a: { name: string }, b: { name: string }): number => {
    const byNumber = schoolNumber(a.name) - schoolNumber(b.name);
    return Number.isNaN(byNumber) || byNumber === 0 ? collatorOf(locale).compare(a.name, b.name) : byNumber;
  };

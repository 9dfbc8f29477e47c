// The Uzbek Cyrillic catalogues as the transliteration rules make them from the Latin ones, with
// the reviewed exceptions: texts whose rule-made form a person corrected. The generator writes the
// checked-in catalogues with it (scripts/i18n-cyrl.ts), and a test holds them to it.
import "server-only";
import { toCyrillic, type Vocabulary } from "@/shared/i18n/transliterate";

/** Catalogue path ("uz.attempt.finish") → the Cyrillic a person wrote where the rules go wrong. */
export const CYRILLIC_EXCEPTIONS: Readonly<Record<string, string>> = {
  // The spec's 403 title is English ("Unauthorized"); Ўзбекча says it in Uzbek.
  "uz.forbidden.title": "Рухсат берилмаган",
};

/** What the catalogues say beyond everyday words: the item statistics' methods and their terms. */
export const CATALOGUE_VOCABULARY: Vocabulary = {
  // By their authors' and institutions' names; a setting's name (FISCAL_*) as it is typed.
  kept: new Set(["Rasch", "Mantel", "Haenszel", "DIF", "ETS", "KR", "CML", "FISCAL"]),
  loanwords: { koeffitsient: "коэффициент", koeffitsienti: "коэффициенти", delta: "дельта", deltasi: "дельтаси" },
};

/** The value with every text transliterated, and each excepted path as written. */
export function cyrillicOf<T>(value: T, path: string, exceptions: Readonly<Record<string, string>>): T {
  if (path in exceptions) return exceptions[path] as T;
  if (typeof value === "string") return toCyrillic(value, CATALOGUE_VOCABULARY) as T;
  if (Array.isArray(value)) return value.map((item, index) => cyrillicOf(item, `${path}.${index}`, exceptions)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cyrillicOf(inner, `${path}.${key}`, exceptions)])) as T;
  }
  return value;
}

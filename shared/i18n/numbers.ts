// Numbers as each interface language writes them (Intl.NumberFormat): a decimal comma in Uzbek and
// Russian ("4,5 / 50,0"), digits grouped by a space ("75 000"). Safe for the browser.
import type { Locale } from "./locale.mjs";

/**
 * Whose number rules each language writes with. Uzbek's (CLDR: a decimal comma, digits grouped by
 * a no-break space) are Russian's, and Chromium knows the locale "uz" without its number data: it
 * would write "1,234.5" on the pupil's page where the server writes "1 234,5". Russian's rules
 * give Uzbek's digits on both.
 */
const NUMBER_RULES: Record<Locale, string> = { uz: "ru", "uz-Cyrl": "ru", ru: "ru" };

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: Locale, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_RULES[locale], { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** A number with exactly `digits` decimals: decimal(ru, 0.337, 2) is "0,34". */
export const decimal = (locale: Locale, value: number, digits: number): string => formatOf(locale, digits).format(value);

/** A score or a question's points, with one decimal as the spec writes the maximum: "27,5", "50,0". */
export const points = (locale: Locale, value: number): string => decimal(locale, value, 1);

/** A whole number, its digits grouped: "75 000". */
export const wholeNumber = (locale: Locale, value: number): string => decimal(locale, value, 0);

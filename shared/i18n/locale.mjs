// @ts-check
// The interface's languages and how a request picks one: `?lang=` sets it and the
// cookie remembers it; without either, the browser's Accept-Language; Uzbek (Latin) by default.
// Plain JavaScript: the front door (server/main.mjs) answers its calm page in the visitor's
// language without a build, and the pages' language switcher loads it too. How a request picks
// one is in lib/i18n/negotiate.mjs (the server's: pages never ship it).

/** @typedef {"uz" | "uz-Cyrl" | "ru"} Locale */

/** @type {readonly Locale[]} */
export const LOCALES = ["uz", "uz-Cyrl", "ru"];
/** @type {Locale} */
export const DEFAULT_LOCALE = "uz";
/** Remembers the visitor's choice for a year; readable by the page's own switcher only through the server. */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/**
 * Each language named in itself, as the state's own sites offer them.
 * @type {Readonly<Record<Locale, string>>}
 */
export const LOCALE_NAMES = { uz: "O'zbekcha", "uz-Cyrl": "Ўзбекча", ru: "Русский" };
/**
 * The same, short, where a phone's top bar has no room: each the start of its full name.
 * @type {Readonly<Record<Locale, string>>}
 */
export const LOCALE_SHORT_NAMES = { uz: "O'z", "uz-Cyrl": "Ўз", ru: "Ру" };

/**
 * A locale as written in a link or a cookie ("ru", "uz-cyrl", "uz-Latn"), or null.
 * @param {unknown} value
 * @returns {Locale | null}
 */
export function asLocale(value) {
  if (typeof value !== "string") return null;
  const tag = value.trim().toLowerCase();
  if (tag === "uz" || tag === "uz-latn") return "uz";
  if (tag === "uz-cyrl") return "uz-Cyrl";
  if (tag === "ru") return "ru";
  return null;
}

// @ts-check
// How a request picks its locale: the link's `?lang=`, then the cookie that
// remembers it, then the browser's Accept-Language; Uzbek (Latin) by default. Plain JavaScript
// for the front door (server/main.mjs) as well as middleware.ts and the API; the server's only
// (pages never ship it, nor the negotiator package).
import Negotiator from "negotiator";
import { asLocale, DEFAULT_LOCALE, LOCALE_COOKIE } from "../../shared/i18n/locale.mjs";

/** @typedef {import("../../shared/i18n/locale.mjs").Locale} Locale */

/**
 * The visitor's locale: the link's `?lang=`, then the cookie, then Accept-Language.
 * @param {{ query?: string | null; cookie?: string | null; acceptLanguage?: string | null }} request
 * @returns {Locale}
 */
export function resolveLocale({ query, cookie, acceptLanguage }) {
  const chosen = asLocale(query) ?? asLocale(cookie);
  if (chosen) return chosen;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  // The browser's languages by preference; the first we speak wins. Uzbek in Cyrillic ("uz-Cyrl",
  // "uz-Cyrl-UZ") is Ўзбекча; any other Uzbek ("uz", "uz-UZ", "uz-Latn-UZ") is Latin.
  for (const tag of new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages()) {
    const lower = tag.toLowerCase();
    if (lower.startsWith("uz-cyrl")) return "uz-Cyrl";
    if (lower === "uz" || lower.startsWith("uz-")) return "uz";
    if (lower === "ru" || lower.startsWith("ru-")) return "ru";
  }
  return DEFAULT_LOCALE;
}

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/**
 * The locale a request carries: its cookie and its Accept-Language (API calls have no `?lang=`).
 * @param {{ get(name: string): string | null }} headers
 * @returns {Locale}
 */
export function requestLocale(headers) {
  const cookies = headers.get("cookie") ?? "";
  const match = cookies.match(COOKIE_PATTERN);
  return resolveLocale({
    query: null,
    cookie: match ? decodeURIComponent(match[1]) : null,
    acceptLanguage: headers.get("accept-language"),
  });
}

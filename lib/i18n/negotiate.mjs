// How a request picks its locale: the link's `?lang=`, then the cookie that
// remembers it, then the browser's Accept-Language; Uzbek (Latin) by default. Plain JavaScript
// for server.mjs as well as middleware.ts and the API.
import Negotiator from "negotiator";
import { asLocale, DEFAULT_LOCALE, LOCALE_COOKIE } from "./locale.mjs";

/** The visitor's locale: the link's `?lang=`, then the cookie, then Accept-Language. */
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

/** The locale a request carries: its cookie and its Accept-Language (API calls have no `?lang=`). */
export function requestLocale(headers) {
  const cookies = headers.get("cookie") ?? "";
  const match = cookies.match(COOKIE_PATTERN);
  return resolveLocale({
    query: null,
    cookie: match ? decodeURIComponent(match[1]) : null,
    acceptLanguage: headers.get("accept-language"),
  });
}

/** The encoding to send, of those available, by the request's Accept-Encoding ("identity" if none fits). */
export function preferredEncoding(acceptEncoding, available) {
  return new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encoding(available) ?? "identity";
}

// @ts-check
// What the front door says itself, before the app: the texts of its refusals in the visitor's
// language (lib/i18n/*-busy.json, plain text without markup), the language it picks as
// middleware.ts and the API pick it, and the calm page that reloads itself when the queue is full.
import { resolveLocale } from "../lib/i18n/negotiate.mjs";
import ruBusy from "../lib/i18n/ru-busy.json" with { type: "json" };
import uzBusy from "../lib/i18n/uz-busy.json" with { type: "json" };
import uzCyrlBusy from "../lib/i18n/uz-Cyrl-busy.json" with { type: "json" };
import { placeWords } from "../shared/i18n/queue-place.mjs";

/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */

/**
 * The queue's texts per locale (plain text without markup).
 * @type {Record<Locale, typeof uzBusy>}
 */
export const BUSY = { uz: uzBusy, "uz-Cyrl": uzCyrlBusy, ru: ruBusy };

/**
 * The locale a request is answered in before the app sees it: as middleware.ts and the API pick it.
 * @param {import("node:http").IncomingMessage} request
 * @returns {Locale}
 */
export function localeOf(request) {
  const lang = /[?&]lang=([^&]*)/.exec(request.url ?? "");
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? "");
  return resolveLocale({
    query: lang?.[1] ?? null,
    cookie: cookie?.[1] ?? null,
    acceptLanguage: request.headers["accept-language"] ?? null,
  });
}

/**
 * Whether a request asks for one of the app's pages (not a call, not a file of the build or of public/).
 * @param {string | undefined} method
 * @param {string} urlPath
 */
export const isPageRequest = (method, urlPath) =>
  (method === "GET" || method === "HEAD") &&
  !urlPath.startsWith("/api/") &&
  !urlPath.startsWith("/_next/") &&
  !/\.[a-z0-9]+$/i.test(urlPath);

/** The calm page's policy: its own inline style, nothing else. */
export const CALM_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * A page asked for gets a calm page that reloads itself (no script: the CSP allows none here).
 * @param {{ position: number; waitSeconds: number; retryAfter: number }} refused
 * @param {Locale} locale
 */
export function busyPage(refused, locale) {
  const busy = BUSY[locale];
  return calmPage(
    locale,
    refused.retryAfter,
    busy.title,
    `<p>${busy.lead}</p><p><strong>${placeWords(busy, refused)}</strong></p><p>${busy.retryIn.replace("{seconds}", String(refused.retryAfter))}</p>`,
  );
}

/**
 * The calm page itself: a title, what to say, a reload after `refreshSeconds`.
 * @param {Locale} locale
 * @param {number} refreshSeconds
 * @param {string} title
 * @param {string} body
 */
function calmPage(locale, refreshSeconds, title, body) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refreshSeconds}"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:1rem;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002;text-align:center}
h1{font-size:1.25rem}p{color:#475569;line-height:1.5}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/**
 * A page asked for while the database is away (lib/db/availability.mjs): the same calm page,
 * 503 with Retry-After, that reloads itself until the database is back.
 * @param {import("node:http").ServerResponse} response
 * @param {Locale} locale
 * @param {number} retryAfter
 */
export function databaseAwayPage(response, locale, retryAfter) {
  const busy = BUSY[locale];
  response.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Retry-After": String(retryAfter),
    "Cache-Control": "no-store",
    "Content-Security-Policy": CALM_PAGE_POLICY,
    "X-Content-Type-Options": "nosniff",
    // The attempt page's service worker gives a running attempt's kept page instead (public/sw.js).
    "X-Database-Away": "1",
  });
  const body = `<p>${busy.databaseLead}</p><p>${busy.retryIn.replace("{seconds}", String(retryAfter))}</p>`;
  response.end(calmPage(locale, retryAfter, busy.databaseTitle, body));
}

// @ts-check
// The public /holat page ("Holat") and the notices the pupils' pages ask for (/api/notices), served
// by the front door before admission control (issue 26): when the app is saturated, this is what
// tells a parent what is going on, so it must stay up and cheap. The data (lib/operations/status.ts)
// is read by the app at most once per STATUS_SECONDS per process, whatever the number of visitors,
// and the pages are made once per copy and locale; browsers and proxies may keep them as long.
// The app hands its reader over at start (instrumentation.ts calls provideStatus in
// lib/process-state.mjs); this reads the copy from there.

import { databaseAway } from "../lib/db/availability.mjs";
import ruStatus from "../lib/i18n/ru-status.json" with { type: "json" };
import uzCyrlStatus from "../lib/i18n/uz-Cyrl-status.json" with { type: "json" };
import uzStatus from "../lib/i18n/uz-status.json" with { type: "json" };
import { providedStatus } from "../lib/process-state.mjs";
import { fill } from "../shared/i18n/fill.mjs";

/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */
/** @typedef {import("../lib/process-state.mjs").StatusSnapshot} StatusSnapshot */
/** @typedef {typeof uzStatus} StatusTexts */

/** @type {Record<Locale, StatusTexts>} */
const TEXTS = { uz: uzStatus, "uz-Cyrl": uzCyrlStatus, ru: ruStatus };
const LANGUAGES = [
  ["uz", "O'zbekcha"],
  ["uz-Cyrl", "Ўзбекча"],
  ["ru", "Русский"],
];
/** @type {ReadonlySet<string>} */
export const STATUS_PATHS = new Set(["/holat", "/api/notices"]);

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** @param {unknown} text */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
const tashkent = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tashkent", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const tashkentDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tashkent", day: "2-digit", month: "2-digit" });
const tashkentSeconds = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Tashkent",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
/**
 * An instant in Tashkent: its day ("03.12"), its time ("10:40"), and whether that day is today.
 * @param {string} iso
 * @param {Date} now
 */
const whenOf = (iso, now) => {
  const at = new Date(iso);
  const day = tashkentDay.format(at);
  return { today: day === tashkentDay.format(now), day: day.replace("/", "."), time: tashkent.format(at) };
};
/**
 * A test's time as a phrase of the page's language (`t`: its texts): "в 10:40", or "03.12 в 10:40" when not today.
 * @param {StatusTexts} t
 * @param {string} iso
 * @param {Date} now
 */
const timeOf = (t, iso, now) => {
  const { today, day, time } = whenOf(iso, now);
  return fill(today ? t.at : t.dayAt, { day, time });
};
/**
 * A notice's time as a heading: "10:40", or "03.12 10:40" when not today.
 * @param {string} iso
 * @param {Date} now
 */
const stampOf = (iso, now) => {
  const when = whenOf(iso, now);
  return when.today ? when.time : `${when.day} ${when.time}`;
};

/**
 * What is made of one copy of the status, once: its pages by locale and busy state, and the
 * notices as JSON. Kept with the copy: a new copy (read every few seconds) is made anew.
 * @typedef {{ snapshot: StatusSnapshot; pages: Map<string, string>; notices: string }} Rendered
 */

/**
 * The status responder, for a request to one of STATUS_PATHS: `busy()` says whether this process's admission is queueing now.
 * @param {{ busy: () => boolean }} options
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, urlPath: string, locale: Locale) => Promise<void>}
 */
export function statusResponder({ busy }) {
  /** @type {WeakMap<object, Rendered>} */
  const rendered = new WeakMap();

  /**
   * The current copy and what is made of it, once the first read is done; null before the app
   * provided the status, or while no read has succeeded.
   * @returns {Promise<Rendered | null>}
   */
  async function current() {
    const source = providedStatus();
    if (!source) return null;
    if (!source.copy) await source.first;
    const copy = source.copy;
    if (!copy) return null;
    let made = rendered.get(copy);
    if (!made) {
      made = { snapshot: copy.snapshot, pages: new Map(), notices: JSON.stringify({ notices: copy.snapshot.notices }) };
      rendered.set(copy, made);
    }
    return made;
  }

  /**
   * @param {StatusSnapshot} snapshot
   * @param {Locale} locale
   * @param {boolean} isBusy
   * @param {boolean} away the database away (lib/db/availability.mjs)
   */
  function page(snapshot, locale, isBusy, away) {
    const t = TEXTS[locale];
    const now = new Date();
    const tests =
      snapshot.tests.length === 0
        ? `<p>${escapeHtml(t.noTests)}</p>`
        : `<ul class="tests">${snapshot.tests
            .map((test) => {
              const time = test.state === "upcoming" ? test.openedAt : test.closedAt;
              return `<li class="${test.state}"><strong>${escapeHtml(fill(t.test, { grade: test.grade, subject: test.subject[locale] }))}</strong><span>${escapeHtml(fill(t[test.state], { time: timeOf(t, time, now) }))}</span></li>`;
            })
            .join("")}</ul>`;
    const notices =
      snapshot.notices.length === 0
        ? `<p>${escapeHtml(t.noNotices)}</p>`
        : `<ul class="notices">${snapshot.notices
            .map(
              (notice) =>
                `<li><time>${escapeHtml(stampOf(notice.createdAt, now))}</time> ${escapeHtml(notice.texts[locale] ?? notice.texts.uz)}</li>`,
            )
            .join("")}</ul>`;
    const languages = LANGUAGES.map(([code, name]) =>
      code === locale ? `<strong lang="${code}">${name}</strong>` : `<a href="/holat?lang=${code}" lang="${code}">${name}</a>`,
    ).join(" · ");
    return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30"><title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
nav{font-size:.875rem}a{color:#1e40af}.lead,.updated{color:#475569;font-size:.875rem}
.state{padding:.75rem 1rem;border-radius:.5rem;font-weight:600}.ok{background:#dcfce7;color:#14532d}.busy{background:#fef3c7;color:#78350f}.live{margin:.5rem 0 0;color:#334155}
ul{list-style:none;margin:0;padding:0}li{background:#fff;border-radius:.5rem;padding:.75rem 1rem;margin:.5rem 0;box-shadow:0 1px 2px #0001}
.tests li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem}.tests .open span{color:#166534;font-weight:600}
.tests .closed span{color:#475569}.notices time{font-weight:700;margin-right:.25rem}</style></head>
<body><main><nav aria-label="Til">${languages}</nav><h1>${escapeHtml(t.title)}</h1><p class="lead">${escapeHtml(t.lead)}</p>
<p class="state ${away || isBusy ? "busy" : "ok"}" data-busy="${isBusy}" data-database="${away ? "away" : "up"}">${escapeHtml(away ? t.databaseAway : isBusy ? t.siteBusy : t.siteOk)}</p>${
      snapshot.redis
        ? `<p class="live" data-redis="${snapshot.redis}">${escapeHtml(snapshot.redis === "up" ? t.liveOk : t.liveBackup)}</p>`
        : ""
    }
<h2>${escapeHtml(t.notices)}</h2>${notices}<h2>${escapeHtml(t.tests)}</h2>${tests}
<p class="updated">${escapeHtml(fill(t.updated, { time: tashkentSeconds.format(new Date(snapshot.at)) }))}</p></main></body></html>`;
  }

  return async function respond(request, response, urlPath, locale) {
    if (request.method !== "GET" && request.method !== "HEAD") return void response.writeHead(405, { Allow: "GET, HEAD" }).end();
    const source = providedStatus();
    const now = await current();
    if (!now || !source) return void response.writeHead(503, { "Retry-After": "5", "Cache-Control": "no-store" }).end();
    const seconds = source.seconds;
    const common = { "Cache-Control": `public, max-age=${seconds}`, "X-Content-Type-Options": "nosniff" };
    if (urlPath === "/api/notices") {
      response.writeHead(200, { ...common, "Content-Type": "application/json; charset=utf-8" });
      return void response.end(request.method === "HEAD" ? undefined : now.notices);
    }
    const isBusy = busy();
    const away = databaseAway();
    const key = `${locale}:${isBusy}:${away}`;
    let html = now.pages.get(key);
    if (!html) {
      html = page(now.snapshot, locale, isBusy, away);
      now.pages.set(key, html);
    }
    response.writeHead(200, {
      ...common,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      "Referrer-Policy": "no-referrer",
      Vary: "Accept-Language, Cookie",
    });
    response.end(request.method === "HEAD" ? undefined : html);
  };
}

// The attempt page's service worker (issue "the pupil on a cheap phone", offline reload). Scope:
// /test-attempt/. A running attempt's page, as the server sent it, is kept on the device with the
// build files it needs, and a reload without network gets it back; never an ended attempt's page,
// and only to the session that kept it. What is kept, and for whom: docs/phones.md#without-a-network
const PAGES = "olimpiada-attempt-pages";
const STATIC = "olimpiada-static";
const ATTEMPT_PAGE = /^\/test-attempt\/\d+$/;
/** The page that shows an attempt kept on the device (components/offline/attempt-copy.ts, SHELL_PATH). */
const SHELL = "/offline-shell";
/** Marks of an ended attempt in the page's data (the key may be in it): such a page is not kept. */
const ENDED = /\\?"isEnded\\?":true|\\?"correctAnswerId\\?":\d/;
/** Set on the calm page a page gets while the database is away (server/busy-page.mjs's databaseAwayPage). */
const OUTAGE_HEADER = "X-Database-Away";
/** The session's mark (sessionMarkCookie in lib/identity/session-token.ts): readable here, unlike the session. */
const MARK = "olimpiada-session-mark";
/** Without the Cookie Store API a kept page is given back for no longer than a session lasts. */
const SESSION_MS = 24 * 60 * 60 * 1000;

async function sessionMark() {
  return self.cookieStore ? ((await self.cookieStore.get(MARK))?.value ?? null) : undefined;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function keep(path, response) {
  const html = await response.text();
  const cache = await caches.open(PAGES);
  const mark = await sessionMark();
  if (ENDED.test(html) || mark === null) return cache.delete(path);
  const headers = new Headers(response.headers);
  headers.set("X-Session-Mark", mark ?? "");
  headers.set("X-Kept-At", String(Date.now()));
  await cache.put(path, new Response(html, { headers }));
}

/** The kept page, if the session that kept it is still this device's. */
async function keptPage(path) {
  const page = await caches.open(PAGES).then((cache) => cache.match(path));
  if (!page) return undefined;
  const mark = await sessionMark();
  const same =
    mark === undefined ? Date.now() - Number(page.headers.get("X-Kept-At")) < SESSION_MS : mark === page.headers.get("X-Session-Mark");
  return same ? page : undefined;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== "GET") return;
  if (event.request.mode === "navigate" && ATTEMPT_PAGE.test(url.pathname)) {
    event.respondWith(
      fetch(event.request).then(
        async (response) => {
          const landed = new URL(response.url || event.request.url).pathname === url.pathname;
          if (response.ok && landed) event.waitUntil(keep(url.pathname, response.clone()));
          // The server up but its database away (server/busy-page.mjs): the kept page, whose
          // answers wait on the device until the database is back; else its calm page.
          if (response.status === 503 && response.headers.get(OUTAGE_HEADER))
            return (await keptPage(url.pathname)) ?? (await keptPage(SHELL)) ?? response;
          return response;
        },
        // Without network: the attempt's kept page; else the shell, which shows the attempt as the
        // device received it (components/offline/attempt-copy.ts), kept by the start page.
        async () => (await keptPage(url.pathname)) ?? (await keptPage(SHELL)) ?? Response.error(),
      ),
    );
    return;
  }
  // The build's files and the messages' scripts never change under one name: the device's copy first.
  if (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/i18n/")) {
    event.respondWith(
      caches.open(STATIC).then(async (cache) => {
        const stored = await cache.match(event.request);
        if (stored) return stored;
        const response = await fetch(event.request);
        // Kept beside, never in the way: the page gets the file as soon as it arrives.
        if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
        return response;
      }),
    );
  }
});

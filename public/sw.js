// The attempt page's service worker (issue "the pupil on a cheap phone", offline reload). Scope:
// /test-attempt/. A reload without network gets the running attempt's page from the device, as
// the page itself stored it (components/attempt/offline.ts), and the scripts it needs; with a
// network, everything comes from the server as ever. It stores nothing by itself: no answer key
// (the page stores itself only while the attempt runs, and removes itself at the end), and no
// other pupil's page (signing in or out empties the store).
const PAGES = "olimpiada-attempt-pages";
const STATIC = "olimpiada-static";
const ATTEMPT_PAGE = /^\/test-attempt\/\d+$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== "GET") return;
  if (event.request.mode === "navigate" && ATTEMPT_PAGE.test(url.pathname)) {
    event.respondWith(
      fetch(event.request).catch(async () => {
        const stored = await caches.open(PAGES).then((cache) => cache.match(url.pathname));
        return stored ?? Response.error();
      }),
    );
    return;
  }
  // The build's files never change under one name: the device's copy first.
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(
      caches.open(STATIC).then(async (cache) => {
        const stored = await cache.match(event.request);
        if (stored) return stored;
        const response = await fetch(event.request);
        if (response.ok) await cache.put(event.request, response.clone());
        return response;
      }),
    );
  }
});

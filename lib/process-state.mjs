// @ts-check
// What is kept once per process, on globalThis under a Symbol.for key: Next bundles the app into
// several copies of lib/ (instrumentation, each route, the pages) beside the front door's own, so a
// module's variable is one per copy. Each slot and its reason are listed once, in SLOTS, and its
// type comes from there (docs/architecture.md). Plain JavaScript: the front door runs without a build.

/**
 * The values kept once per process, each with why. The first four are shared by the front door
 * and the app; the others by the app's own bundles (instrumentation starts them, the route
 * handlers and pages use them), and kept across the development server's reloads.
 */
export const SLOTS = /** @type {const} */ ({
  log: "the logger and the request context (lib/log.mjs): the front door opens each request's context and writes its line; the app's lines name the same request",
  metrics:
    "the Prometheus registry (lib/metrics.mjs): the front door counts the requests and the admission's state, the app sign-ins, starts and answers; one scrape shows all",
  kept: "the kept public pages (lib/kept-pages.mjs): the pages ask to be kept, the front door keeps and serves them, and the database's word of a change drops them",
  status:
    "what /holat and /api/notices show (provideStatus): the front door serves its copy before admission, so the page stays up when the app is saturated",
  db: "the database handle (lib/db/client.ts): one pool, and one embedded database's directory",
  database:
    "whether the database is away, and its probe (lib/db/availability.mjs): the calls, the front door's pages and the metrics read one state",
  redis: "the one Redis client and whether Redis is there (lib/http/redis.ts)",
  live: "the attempt changes' hub (lib/live/changes.ts): a change published by one route reaches the pages that listen through another",
  sweep: "the periodic sweep (lib/operations/sweep.ts), started once",
  limits:
    "the rate limiters by name (lib/http/rate-limit.ts): the front door's calls and the route handlers' must spend one budget, whichever lane or casing a call takes",
  clock: "how far the test suites moved the server's clock on (lib/clock.ts): every copy reads one time",
  streams: "the open streams per pupil (lib/live/stream.ts): one count for both copies of Events",
  children: "the child processes that do heavy work (lib/background/child.ts), one per kind: every bundle's jobs queue for the same child",
  ahead: "the certificates' drawing ahead (lib/certificates/ahead.ts), started once",
  busy: "how the app asks whether the front door's admission is queueing (provideBusy): background work waits while it is",
  direct: "the handlers of the calls the front door serves straight (lib/api/direct-routes.ts), handed over at start (provideDirectRoutes)",
  receipts: "the fiscal receipts' job (lib/payments/click-receipts.ts), started once",
  outbox: "the family events' delivery to the chat-bot (lib/family-events/deliver.ts), started once",
  certificates:
    "the certificates' pictures (lib/certificates/render.ts): the last 32 MB, the drawings in flight and one drawing at a time, for every bundle that draws",
  readers: "the question files' readers (lib/questions/formats.ts): one file read at a time, for every bundle that imports",
});

/**
 * A slot of the shelf (SLOTS).
 * @typedef {keyof typeof SLOTS} Slot
 */

/** globalThis as a shelf of values under symbols. */
const shelf = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));

/** @param {Slot} slot */
const keyOf = (slot) => Symbol.for(`olimpiada.${slot}`);

/**
 * This process's one value for `slot`: made by `make` the first time any copy of any module asks.
 * @template T
 * @param {Slot} slot
 * @param {() => T} make
 * @returns {T}
 */
export function processWide(slot, make) {
  const key = keyOf(slot);
  shelf[key] ??= make();
  return /** @type {T} */ (shelf[key]);
}

/**
 * The value for `slot` if it has been made, without making it (reading the request context must
 * not open the log).
 * @param {Slot} slot
 * @returns {unknown}
 */
export function madeYet(slot) {
  return shelf[keyOf(slot)];
}

/**
 * Forgets the value for `slot` (the database, once closed: the next use opens it again).
 * @param {Slot} slot
 */
export function forget(slot) {
  delete shelf[keyOf(slot)];
}

/** @typedef {import("./operations/status").StatusSnapshot} StatusSnapshot */

/**
 * The status the app provides: its copy (a new object at each read that succeeded; null until the
 * first), the first read (to wait for), and how long a copy is kept.
 * @typedef {{ copy: { snapshot: StatusSnapshot } | null, first: Promise<void>, seconds: number }} StatusSource
 */

/** @returns {{ source: StatusSource | null }} */
const statusShelf = () => processWide("status", () => ({ source: /** @type {StatusSource | null} */ (null) }));

/**
 * Called by the app at start: how to read the status (lib/operations/status.ts's statusSnapshot).
 * The copy is read now and then every `seconds` by a timer, whoever asks (a copy refreshed only
 * when asked would be as old as the gap between visitors); a failed read keeps the last one.
 * @param {() => Promise<StatusSnapshot>} read
 * @param {number} seconds
 */
export function provideStatus(read, seconds) {
  /** @type {StatusSource} */
  const source = { copy: null, first: Promise.resolve(), seconds };
  const refresh = () =>
    read()
      .then((snapshot) => {
        source.copy = { snapshot };
      })
      .catch(() => {});
  source.first = refresh();
  setInterval(refresh, seconds * 1000).unref();
  statusShelf().source = source;
}

/**
 * The status the app provided, or null before it has (the front door then answers 503).
 * @returns {StatusSource | null}
 */
export function providedStatus() {
  return statusShelf().source;
}

/**
 * A route handler's method as Next calls it (lib/api/handler.ts's RouteMethod).
 * @typedef {(request: import("next/server").NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>} RouteMethod
 */

/** @returns {{ table: Record<string, Record<string, RouteMethod>> | null }} */
const directShelf = () =>
  processWide("direct", () => ({ table: /** @type {Record<string, Record<string, RouteMethod>> | null} */ (null) }));

/**
 * Called by the app at start: the handlers of the calls the front door serves straight.
 * @param {Record<string, Record<string, RouteMethod>>} table
 */
export function provideDirectRoutes(table) {
  directShelf().table = table;
}

/**
 * The handlers the app provided, or null before it has.
 * @returns {Record<string, Record<string, RouteMethod>> | null}
 */
export function providedDirectRoutes() {
  return directShelf().table;
}

/** @returns {{ busy: () => boolean }} */
const busyShelf = () => processWide("busy", () => ({ busy: () => false }));

/**
 * Called by the front door at start: whether its admission control is queueing requests (the
 * server's own notion of busy, as /holat shows it). Without a front door (the suites' servers,
 * scripts) nothing is ever busy.
 * @param {() => boolean} busy
 */
export function provideBusy(busy) {
  busyShelf().busy = busy;
}

/** Whether the server is busy now: background work (drawing ahead) waits while it is. */
export function serverBusy() {
  return busyShelf().busy();
}

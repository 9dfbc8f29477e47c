// @ts-check
// Kept pages: the front door's copies of the public pages the results-day crowd reads (a final
// list, a certificate's check page and its link preview), served from memory with no render and
// no database read. A page asks to be kept while it renders (lib/kept/pages.ts keepThisPage: whose
// data and which tests' it shows, and until when it holds); the front door copies its answer and
// serves the copy to the next visitor of the same address in the same language. A change in the database drops the
// copies that show it: triggers name what changed (db/migrations/0034_kept_pages.sql), and every
// process hears them (lib/kept/changes.ts). The rules: docs/results-day.md#kept-pages.
// Plain JavaScript on the shelf (lib/process-state.mjs): the front door and the app share it.
import { processWide } from "./process-state.mjs";

/** What drops a copy: "user:<id>" (a pupil's name, block, attempts), "test:<id>" (a test, its subject, its list) or "all". */
/** @typedef {string} KeptTag */
/** @typedef {{ tags: KeptTag[]; until: number | null }} KeepMark */
/**
 * A kept answer: its head and body as the app sent them, the nonce it was rendered with (each
 * copy served gets a fresh one in its place), and when it stops holding.
 * @typedef {{ status: number; headers: Record<string, string>; body: string | Buffer; nonce: string | null; requestId: string; tags: KeptTag[]; until: number | null; bytes: number }} KeptPage
 */

/** Memory the copies may take in one process: past it the least recently read go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/** A render that takes longer is not kept; drops remembered at most (a render older than the oldest is not kept either). */
const RENDER_MS = 60_000;
const MAX_DROPS = 10_000;

const shelf = () =>
  processWide("kept", () => ({
    /** @type {Map<string, KeptPage>} in order of last read */
    pages: new Map(),
    /** @type {Map<string, KeepMark>} the renders in flight that asked to be kept, by request id */
    marks: new Map(),
    bytes: 0,
    /** Moved on by every drop: a render that began before a drop of one of its tags is not kept (it may show what was dropped). */
    generation: 0,
    /** @type {Map<KeptTag, { generation: number; at: number }>} each tag's last drop, for the renders in flight */
    dropped: new Map(),
    /** Renders that began before this generation are not kept: the drops they might have missed are forgotten. */
    horizon: 0,
    /** Whether this process hears the database's changes: until it does, and after it lost them, nothing is kept. */
    hearing: false,
  }));

/** The server's time (lib/clock.ts, which the test suites may move on): when a copy stops holding. */
const serverNow = () => Date.now() + processWide("clock", () => ({ ms: 0 })).ms;

/**
 * The render of request `requestId` may be kept, dropped by `tags`, until `until` (ms; null: until a change).
 * @param {string} requestId
 * @param {KeepMark} mark
 */
export function markKeepable(requestId, mark) {
  shelf().marks.set(requestId, mark);
}

/** The generation a render begins in (give it to `keepPage`). */
export const keptGeneration = () => shelf().generation;

/**
 * Keeps the answer of request `requestId` under `key` if its render asked to be kept, nothing was
 * dropped since it began (`generation`) and this process hears the changes. Forgets the mark either way.
 * @param {string} key
 * @param {string} requestId
 * @param {number} generation
 * @param {Omit<KeptPage, "tags" | "until" | "bytes" | "requestId">} page
 * @returns {boolean} kept
 */
export function keepPage(key, requestId, generation, page) {
  const kept = shelf();
  const mark = kept.marks.get(requestId);
  kept.marks.delete(requestId);
  if (!mark || !kept.hearing || generation < kept.horizon) return false;
  const droppedSince = (/** @type {KeptTag} */ tag) => (kept.dropped.get(tag)?.generation ?? -1) >= generation;
  if (droppedSince("all") || mark.tags.some(droppedSince)) return false;
  if (mark.until !== null && mark.until <= serverNow()) return false;
  const bytes = typeof page.body === "string" ? page.body.length * 2 : page.body.length;
  if (bytes > MAX_BYTES / 16) return false;
  drop(key);
  kept.pages.set(key, { ...page, requestId, tags: mark.tags, until: mark.until, bytes });
  kept.bytes += bytes;
  for (const [old] of kept.pages) {
    if (kept.bytes <= MAX_BYTES) break;
    drop(old);
  }
  return true;
}

/** Whether the render of request `requestId` asked to be kept. @param {string} requestId */
export const marked = (requestId) => shelf().marks.has(requestId);

/** Forgets a render's mark (its answer was not kept: an error, a client gone). @param {string} requestId */
export function forgetMark(requestId) {
  shelf().marks.delete(requestId);
}

/**
 * The copy kept under `key`, if it still holds (it becomes the most recently read).
 * @param {string} key
 * @returns {KeptPage | null}
 */
export function keptPage(key) {
  const kept = shelf();
  const page = kept.pages.get(key);
  if (!page) return null;
  if (page.until !== null && page.until <= serverNow()) {
    drop(key);
    return null;
  }
  kept.pages.delete(key);
  kept.pages.set(key, page);
  return page;
}

/** @param {string} key */
function drop(key) {
  const kept = shelf();
  const page = kept.pages.get(key);
  if (!page) return;
  kept.pages.delete(key);
  kept.bytes -= page.bytes;
}

/**
 * Drops every copy that shows one of `tags` ("all": every copy), and any render in flight.
 * @param {KeptTag[]} tags
 */
export function dropKept(tags) {
  const kept = shelf();
  const at = Date.now();
  for (const tag of tags) {
    kept.dropped.delete(tag);
    kept.dropped.set(tag, { generation: kept.generation, at });
  }
  kept.generation++;
  // Drops older than any render runs are forgotten (in the order made: the rest are newer).
  for (const [tag, drop] of kept.dropped) {
    if (at - drop.at < RENDER_MS && kept.dropped.size <= MAX_DROPS) break;
    kept.dropped.delete(tag);
    kept.horizon = drop.generation + 1;
  }
  const all = tags.includes("all");
  const named = new Set(tags);
  for (const [key, page] of kept.pages) if (all || page.tags.some((tag) => named.has(tag))) drop(key);
}

/**
 * Whether this process hears the database's changes. Either way every copy is dropped: one kept
 * while it did not hear may show what changed meanwhile.
 * @param {boolean} hearing
 */
export function setHearing(hearing) {
  dropKept(["all"]);
  shelf().hearing = hearing;
}

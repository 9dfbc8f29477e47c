// @ts-check
// Whether this process can reach its database: a failure that says the server is gone (refused,
// reset, shut down) marks it away, once, and a probe every second marks it back. While it is away
// the calls answer 503 at once and the pages the calm page (server/busy-page.mjs), /api/health,
// /holat and olimpiada_database_up say so, and the log has one line when it goes and one when it
// returns. Plain JavaScript: the front door (server/main.mjs) reads it too. See docs/operations.md.
import { errorText, log } from "../log.mjs";
import { processWide } from "../process-state.mjs";

/** How often the probe asks while the database is away. */
export const PROBE_MS = 1_000;
/** What a refused call is told to wait before trying again. */
export const AWAY_RETRY_SECONDS = 5;

// Node's socket errors and postgres.js's own, when there is no server to talk to.
const GONE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
// SQLSTATE: class 08 (connection exception), and the server shutting down or starting up.
const GONE_STATE = /^(08...|57P01|57P02|57P03)$/;

/**
 * @typedef {{ awaySince: number | null; probe: (() => Promise<unknown>) | null; timer: NodeJS.Timeout | null; probing: boolean }} Availability
 */

/** @returns {Availability} */
const state = () =>
  processWide("database", () => ({ awaySince: /** @type {number | null} */ (null), probe: null, timer: null, probing: false }));

/**
 * Whether `error` (or what it wraps: drizzle's failed query, Node's AggregateError) says the
 * database server cannot be reached, as opposed to a statement that failed.
 * @param {unknown} error
 * @returns {boolean}
 */
export function isUnreachable(error) {
  /** @type {unknown[]} */
  const seen = [error];
  for (let i = 0; i < seen.length && i < 10; i++) {
    const at = /** @type {{ code?: unknown; cause?: unknown; errors?: unknown } | null} */ (seen[i]);
    if (!at || typeof at !== "object") continue;
    if (typeof at.code === "string" && (GONE.has(at.code) || GONE_STATE.test(at.code))) return true;
    if (at.cause) seen.push(at.cause);
    if (Array.isArray(at.errors)) seen.push(...at.errors);
  }
  return false;
}

/** Whether this process has found its database away and not yet back. */
export function databaseAway() {
  return state().awaySince !== null;
}

/**
 * Called by the app at start: how to ask the database whether it is there (a `select 1`).
 * @param {() => Promise<unknown>} probe
 */
export function provideDatabaseProbe(probe) {
  state().probe = probe;
}

/**
 * Notes a failure: when it says the database is unreachable, the database is marked away (one log
 * line, the probe started) and true is answered, so the caller answers 503 instead of logging it.
 * @param {unknown} error
 * @returns {boolean}
 */
export function noteDatabaseFailure(error) {
  if (!isUnreachable(error)) return false;
  const s = state();
  if (s.awaySince !== null) return true;
  s.awaySince = Date.now();
  log().error({ err: errorText(error) }, "database unreachable: calls answer 503 until it is back");
  s.timer = setInterval(() => void probeOnce(s), PROBE_MS);
  s.timer.unref();
  return true;
}

/** @param {Availability} s */
async function probeOnce(s) {
  // One probe at a time: an unanswered connect may take longer than PROBE_MS.
  if (!s.probe || s.awaySince === null || s.probing) return;
  s.probing = true;
  try {
    await s.probe();
  } catch {
    return;
  } finally {
    s.probing = false;
  }
  if (s.awaySince === null) return;
  const awaySeconds = Math.round((Date.now() - s.awaySince) / 100) / 10;
  s.awaySince = null;
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  log().info({ awaySeconds }, "database reachable again");
}

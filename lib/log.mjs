// @ts-check
// Structured logs with pino: one JSON line per request, organiser action and attempt event, one
// logger per process (lib/process-state.mjs) shared by the front door and the app, each line with
// its request's context from the one AsyncLocalStorage the front door opens. Never a password, PIN,
// answer, key, token, cookie or card data (the redaction below is the second line of that rule;
// tests/api/logs.spec.ts the first): docs/operations.md ("Logs").
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { madeYet, processWide } from "./process-state.mjs";
import { logSettings } from "./server-config.mjs";

/**
 * What a request's log line carries beside its route, status and duration (and the API call's language).
 * @typedef {{
 *   requestId: string;
 *   userId?: number;
 *   attemptId?: number;
 *   question?: number;
 *   locale?: import("../shared/i18n/locale.mjs").Locale;
 * }} RequestContext
 */

/** @typedef {{ logger: import("pino").Logger; context: AsyncLocalStorage<RequestContext> }} Logging */

/** Field names whose values are never written, wherever they appear. */
const SECRET_FIELDS = ["password", "pin", "pinCode", "token", "cookie", "authorization", "secret", "card", "cardNumber", "key"];

/** @returns {Logging} */
function create() {
  const { file, level, instance } = logSettings();
  // Lines are gathered and written 4 KB at a time, at least every second, and whatever is left
  // when the process exits: a write per line costs a cheap request about a tenth of its time
  // (measured with bench:requests).
  const destination = pino.destination({ dest: file ?? 1, sync: false, mkdir: true, minLength: 4096 });
  const logger = pino(
    {
      level,
      base: { instance: instance ?? `${process.pid}` },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while a request is served names it.
      mixin: () => {
        const requestId = currentRequest()?.requestId;
        return requestId ? { requestId } : {};
      },
      redact: { paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: "[hidden]" },
    },
    destination,
  );
  setInterval(() => logger.flush(), 1000).unref();
  process.on("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // not open yet, or already closed: nothing to write
    }
  });
  return { logger, context: new AsyncLocalStorage() };
}

const state = () => processWide("log", create);

/** This process's logger. */
export function log() {
  return state().logger;
}

/**
 * Runs `work` as one request: its id, and the user and attempt the app finds out as it goes.
 * @template T
 * @param {RequestContext} context
 * @param {() => T} work
 * @returns {T}
 */
export function withRequest(context, work) {
  return state().context.run(context, work);
}

/**
 * The request being served here (its id, and what the app has noted), or undefined outside one.
 * @returns {RequestContext | undefined}
 */
export function currentRequest() {
  return /** @type {Logging | undefined} */ (madeYet("log"))?.context.getStore();
}

/**
 * Notes who the request is for and which attempt it is about, for its log line.
 * @param {Partial<Omit<RequestContext, "requestId">>} fields
 */
export function noteRequest(fields) {
  const context = currentRequest();
  if (context) Object.assign(context, fields);
}

/**
 * An event's line (an attempt started, an organiser's act, …), with its request's id when in one.
 * @param {string} event
 * @param {Record<string, unknown>} [fields]
 */
export function logEvent(event, fields = {}) {
  log().info({ event, ...fields }, event);
}

/** A SQLSTATE: five digits or capital letters (23505, 22P02), as both drivers name the error. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * An error as the drivers throw it: a SQLSTATE code, the constraint's name (postgres.js names it
 * constraint_name, PGlite constraint), the message, and what it wraps.
 * @typedef {{ code?: unknown; constraint_name?: string; constraint?: string; message?: unknown; cause?: unknown }} DriverError
 */

/**
 * The database's own error in a chain of causes (drizzle wraps the driver's), or null.
 * @param {unknown} error
 * @returns {(DriverError & { code: string }) | null}
 */
function databaseErrorOf(error) {
  let at = /** @type {DriverError | null | undefined} */ (error);
  for (let depth = 0; at && depth < 5; at = /** @type {DriverError | null | undefined} */ (at.cause), depth++) {
    if (typeof at === "object" && typeof at.code === "string" && SQLSTATE.test(at.code))
      return /** @type {DriverError & { code: string }} */ (at);
  }
  return null;
}

/**
 * Drizzle's wrapper of a failed statement: its message is the SQL and every parameter.
 * @param {unknown} error
 * @returns {error is Error}
 */
const isFailedQuery = (error) => error instanceof Error && /^Failed query:/.test(error.message);

/**
 * An error as its log line says it: the message only, never a stack. A failed statement says the
 * database's code, its constraint and the first line of its message, never the SQL nor its
 * parameters (a pupil's name and phone would follow any failing statement about a child).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  const database = databaseErrorOf(error);
  if (database) {
    const constraint = database.constraint_name ?? database.constraint;
    const firstLine = String(database.message ?? "").split("\n")[0];
    return `database error ${database.code}${constraint ? ` (${constraint})` : ""}: ${firstLine}`;
  }
  if (isFailedQuery(error)) return `database query failed${error.cause instanceof Error ? `: ${errorText(error.cause)}` : ""}`;
  return error instanceof Error ? error.message : String(error);
}

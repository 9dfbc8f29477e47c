// Structured logs (issue 26): one JSON line per request, per organiser action and per
// attempt event, with pino. One logger per process, kept on globalThis like the metrics: server.mjs
// (plain JavaScript) writes each request's line and the app's code (bundled by Next) writes the
// events, both into the same stream, and both read the request's context (its id, the user, the
// attempt, an API call's language) from one AsyncLocalStorage that server.mjs opens around each
// request: the app's only one (each in use slows every promise a little).
// Lines go to standard output (systemd's journal), or to LOG_FILE when it is set. What they never
// hold: a password, a PIN, an answer or its key, a session token or cookie, card data (a test
// greps a whole journey's logs for them); the redaction below is the second line of that rule.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

const KEY = Symbol.for("olimpiada.log");

/** Field names whose values are never written, wherever they appear. */
const SECRET_FIELDS = ["password", "pin", "pinCode", "token", "cookie", "authorization", "secret", "card", "cardNumber", "key"];

function create() {
  const file = process.env.LOG_FILE;
  // Unit tests write nothing unless asked (LOG_LEVEL).
  const level = process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info");
  // Lines are gathered and written 4 KB at a time, at least every second, and whatever is left
  // when the process exits: a write per line costs a cheap request about a tenth of its time
  // (measured with bench:requests).
  const destination = pino.destination({ dest: file || 1, sync: false, mkdir: true, minLength: 4096 });
  const logger = pino(
    {
      level,
      base: { instance: process.env.INSTANCE_NAME || `${process.pid}` },
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

function state() {
  globalThis[KEY] ??= create();
  return globalThis[KEY];
}

/** This process's logger. */
export function log() {
  return state().logger;
}

/** Runs `work` as one request: its id, and the user and attempt the app finds out as it goes. */
export function withRequest(context, work) {
  return state().context.run(context, work);
}

/** The request being served here (its id, and what the app has noted), or undefined outside one. */
export function currentRequest() {
  return globalThis[KEY]?.context.getStore();
}

/** Notes who the request is for and which attempt it is about, for its log line. */
export function noteRequest(fields) {
  const context = currentRequest();
  if (context) Object.assign(context, fields);
}

/** An event's line (an attempt started, an organiser's act, …), with its request's id when in one. */
export function logEvent(event, fields = {}) {
  log().info({ event, ...fields }, event);
}

/** A SQLSTATE: five digits or capital letters (23505, 22P02), as both drivers name the error. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database's own error in a chain of causes (drizzle wraps the driver's), or null. */
function databaseErrorOf(error) {
  for (let at = error, depth = 0; at && depth < 5; at = at.cause, depth++) {
    if (typeof at === "object" && typeof at.code === "string" && SQLSTATE.test(at.code)) return at;
  }
  return null;
}

/** Drizzle's wrapper of a failed statement: its message is the SQL and every parameter. */
const isFailedQuery = (error) => error instanceof Error && /^Failed query:/.test(error.message);

/**
 * An error as its log line says it: the message only, never a stack. A failed statement says the
 * database's code, its constraint and the first line of its message, never the SQL nor its
 * parameters (a pupil's name and phone would follow any failing statement about a child).
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

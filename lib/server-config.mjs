// @ts-check
// The settings of the process itself: those the front door (server/main.mjs) reads, and the logs'
// (lib/log.mjs, which both programs load). Plain JavaScript, so that node runs it as it is, with
// JSDoc types that tsc checks. Validated with zod like lib/config, which reads the rest of the
// environment for the app and takes TRUST_PROXY_HOPS and LOG_FILE from here. Empty values count as
// unset. Only this module and lib/config read process.env.
import { z } from "zod";

/**
 * @param {number} fallback
 * @param {number} max
 */
const count = (fallback, max) => z.coerce.number().int().min(0).max(max).default(fallback);

/** A value that is only looked at for being set (lib/config validates it for the app). */
const given = z.string().optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  /** App processes on the one port (PostgreSQL only), one per core. */
  APP_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Requests in flight per process before a short queue; 0 turns admission off. Unset (null): the
   * front door's default, 4 per core the process has (server/admission.mjs defaultAdmissionLimit).
   */
  ADMISSION_LIMIT: z.coerce.number().int().min(0).max(10_000).optional(),
  /** The longest a request waits in that queue before a fast 503. */
  ADMISSION_QUEUE_MS: count(10_000, 60_000),
  /** How long a request's body may take to arrive before it is let in. */
  BODY_WAIT_MS: count(10_000, 60_000),
  /** This instance's name in X-Served-By (scripts/cluster.mjs sets it). */
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.-]{1,32}$/)
    .optional(),
  /** How many proxies in front append to X-Forwarded-For (0: the socket's address is the client's). */
  TRUST_PROXY_HOPS: count(0, 10),
  /** PostgreSQL; unset: the embedded database, which belongs to one process. */
  DATABASE_URL: given,
  /** Redis; unset: each process keeps its own rate limits. */
  REDIS_URL: given,
});

/**
 * The front door's settings, read at its start (before Next loads anything).
 * @typedef {{
 *   port: number;
 *   hostname: string;
 *   appProcesses: number;
 *   admissionLimit: number | null;
 *   admissionQueueMs: number;
 *   bodyWaitMs: number;
 *   instanceName: string | undefined;
 *   trustProxyHops: number;
 *   databaseUrl: string | undefined;
 *   redisUrl: string | undefined;
 * }} ServerConfig
 */

/** @typedef {Record<string, string | undefined>} Env */

/**
 * The environment without its empty values.
 * @param {Env} env
 */
const setIn = (env) => Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));

/** @type {ServerConfig | undefined} */
let cached;

/**
 * The server process's settings; a bad value throws with the variable's name.
 * @param {Env} [env]
 * @returns {ServerConfig}
 */
export function serverConfig(env = process.env) {
  if (cached && env === process.env) return cached;
  const parsed = schema.safeParse(setIn(env));
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
  const e = parsed.data;
  /** @type {ServerConfig} */
  const settings = {
    port: e.PORT,
    hostname: e.HOSTNAME,
    appProcesses: e.APP_PROCESSES,
    admissionLimit: e.ADMISSION_LIMIT ?? null,
    admissionQueueMs: e.ADMISSION_QUEUE_MS,
    bodyWaitMs: e.BODY_WAIT_MS,
    instanceName: e.INSTANCE_NAME,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
  };
  if (env === process.env) cached = settings;
  return settings;
}

/**
 * The app's settings that the front door reads too (the session secret, the operator's token, the
 * public address), read once Next has loaded (after its prepare(), so that a value from the
 * project's .env files counts here as it does in the app). Only whether they are set, and the
 * address's scheme, matter here: lib/config validates them, and a weak AUTH_SECRET or a short
 * METRICS_TOKEN ends the start there.
 * @param {Env} [env]
 * @returns {{ authSecret: string | undefined; metricsToken: string | undefined; publicUrl: string | undefined }}
 */
export function sharedAppSettings(env = process.env) {
  const set = setIn(env);
  return { authSecret: set.AUTH_SECRET, metricsToken: set.METRICS_TOKEN, publicUrl: set.PUBLIC_URL };
}

/**
 * Where the log lines go and which are written, read when the logger is made (lib/log.mjs):
 * LOG_FILE (unset: standard output), LOG_LEVEL (unit tests write nothing unless asked), and the
 * instance each line names (INSTANCE_NAME; without it the logger names the process id, read there:
 * this module is also read by middleware's Edge runtime, which has no process id).
 * @param {Env} [env]
 * @returns {{ file: string | undefined; level: string; instance: string | undefined }}
 */
export function logSettings(env = process.env) {
  return {
    file: env.LOG_FILE || undefined,
    level: env.LOG_LEVEL ?? (env.VITEST ? "silent" : "info"),
    instance: env.INSTANCE_NAME || undefined,
  };
}

// The server process's own settings (server.mjs reads them before Next loads; plain JavaScript, so
// that node runs it as it is), validated once with zod like lib/config.ts, which reads the rest of
// the environment and takes TRUST_PROXY_HOPS from here. Empty values count as unset.
import { z } from "zod";

const count = (fallback, max) => z.coerce.number().int().min(0).max(max).default(fallback);

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  /** App processes on the one port (PostgreSQL only), one per core. */
  APP_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Requests in flight per process before a short queue; 0 turns admission off. */
  ADMISSION_LIMIT: count(32, 10_000),
  /** The longest a request waits in that queue before a fast 503. */
  ADMISSION_QUEUE_MS: count(3_000, 60_000),
  /** How long a request's body may take to arrive before it is let in. */
  BODY_WAIT_MS: count(10_000, 60_000),
  /** This instance's name in X-Served-By (scripts/cluster.mjs sets it). */
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.-]{1,32}$/)
    .optional(),
  /** How many proxies in front append to X-Forwarded-For (0: the socket's address is the client's). */
  TRUST_PROXY_HOPS: count(0, 10),
});

let cached;

/** The server process's settings; a bad value ends the process with the variable's name. */
export function serverConfig(env = process.env) {
  if (cached && env === process.env) return cached;
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")));
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
  const e = parsed.data;
  const settings = {
    port: e.PORT,
    hostname: e.HOSTNAME,
    appProcesses: e.APP_PROCESSES,
    admissionLimit: e.ADMISSION_LIMIT,
    admissionQueueMs: e.ADMISSION_QUEUE_MS,
    bodyWaitMs: e.BODY_WAIT_MS,
    instanceName: e.INSTANCE_NAME,
    trustProxyHops: e.TRUST_PROXY_HOPS,
  };
  if (env === process.env) cached = settings;
  return settings;
}

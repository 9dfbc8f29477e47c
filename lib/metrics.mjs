// @ts-check
// Live figures for the operator: Prometheus metrics, served at /api/metrics with the
// METRICS_TOKEN. One set per process (lib/process-state.mjs): the front door (server/main.mjs)
// counts every request and reads the admission's state, and the app's code (bundled by Next)
// counts sign-ins, starts and saved answers into the same set.
import { availableParallelism } from "node:os";
import { match } from "path-to-regexp";
import client from "prom-client";
import { API_ROUTES, OTHER_ROUTES, PAGE_ROUTES } from "./api/routes.mjs";
import { databaseAway } from "./db/availability.mjs";
import { madeYet, processWide } from "./process-state.mjs";

/**
 * An admission's state as the figures read it (server/admission.mjs).
 * @typedef {{ inFlight: number; waiting: number; away: number; rate: number }} AdmissionNow
 */

/** @typedef {ReturnType<typeof create>} Metrics */

function create() {
  const registry = new client.Registry();
  const registers = [registry];
  // The admission of this process (server/main.mjs), read at each scrape; none under the suites' server.
  /** @type {{ admission: AdmissionNow | null }} */
  const watched = { admission: null };
  /**
   * @param {string} name
   * @param {string} help
   * @param {(admission: AdmissionNow) => number} read
   */
  const admissionGauge = (name, help, read) =>
    new client.Gauge({
      name: `olimpiada_admission_${name}`,
      help,
      collect() {
        this.set(watched.admission ? read(watched.admission) : 0);
      },
      registers,
    });
  client.collectDefaultMetrics({ register: registry, prefix: "olimpiada_process_" });
  // The cores this process's machine gives it: with its CPU seconds (olimpiada_process_process_cpu_seconds_total)
  // and the starts, the rehearsal tells the starts a second the machine can serve (scripts/capacity.mjs).
  new client.Gauge({ name: "olimpiada_machine_cores", help: "CPU cores available to this process", registers }).set(availableParallelism());
  return {
    registry,
    /**
     * Lets the admission's state be read at each scrape.
     * @param {AdmissionNow} admission
     */
    watchAdmission(admission) {
      watched.admission = admission;
    },
    /**
     * This process's admission now (in flight, waiting, away, the measured rate), or null without one.
     * @returns {AdmissionNow | null}
     */
    admissionNow() {
      const a = watched.admission;
      return a ? { inFlight: a.inFlight, waiting: a.waiting, away: a.away, rate: a.rate } : null;
    },
    requests: new client.Histogram({
      name: "olimpiada_http_request_duration_seconds",
      help: "Requests by route (the app's route, never the raw path), method and status, with their duration",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    apiLanes: new client.Counter({
      name: "olimpiada_api_answers_total",
      help: 'API calls answered, by lane: "direct" (the front door called the handler) or "next" (through Next\'s routing)',
      labelNames: ["lane"],
      registers,
    }),
    admissionInFlight: admissionGauge("in_flight", "Requests being served", (a) => a.inFlight),
    admissionWaiting: admissionGauge("waiting", "Requests waiting in the queue", (a) => a.waiting),
    admissionAway: admissionGauge("away", "Clients refused and due back, who keep their place", (a) => a.away),
    admissionRate: admissionGauge("rate", "Requests completed a second, as measured", (a) => a.rate),
    admissionRefused: new client.Counter({
      name: "olimpiada_admission_refused_total",
      help: "Requests refused with 503 and a Retry-After (the client keeps its place)",
      registers,
    }),
    signIns: new client.Counter({
      name: "olimpiada_sign_ins_total",
      help: "Sign-ins, by outcome",
      labelNames: ["outcome"],
      registers,
    }),
    attemptsStarted: new client.Counter({ name: "olimpiada_attempts_started_total", help: "Attempts started (New)", registers }),
    answersSaved: new client.Counter({ name: "olimpiada_answers_saved_total", help: "Answers saved", registers }),
    certificatesDrawn: new client.Counter({
      name: "olimpiada_certificates_drawn_total",
      help: 'Certificate pictures this process had drawn (in its child process), by why: "ahead" (the drawing ahead) or "asked" (a download or a preview found none kept)',
      labelNames: ["why"],
      registers,
    }),
    attemptsRunning: new client.Gauge({
      name: "olimpiada_attempts_running",
      help: "Attempts that may still save an answer (all instances: read from the database)",
      registers,
    }),
    databaseConnections: new client.Gauge({
      name: "olimpiada_database_connections",
      help: "Connections to this database, by state (PostgreSQL's pg_stat_activity: every instance's)",
      labelNames: ["state"],
      registers,
    }),
    // Read at each scrape from the Redis client's state on the shelf (lib/http/redis.ts).
    redisUp: new client.Gauge({
      name: "olimpiada_redis_up",
      help: "1 while this process is connected to Redis, else 0 (away: the rate limits count in memory, the acts go through PostgreSQL; or REDIS_URL not set)",
      collect() {
        const redis = /** @type {{ health?: { state: string } } | undefined} */ (madeYet("redis"));
        this.set(redis?.health?.state === "up" ? 1 : 0);
      },
      registers,
    }),
    // Read at each scrape from this process's finding (lib/db/availability.mjs).
    databaseUp: new client.Gauge({
      name: "olimpiada_database_up",
      help: "1 while this process reaches its database, else 0 (away: calls answer 503, pages the calm page, answers wait on the devices)",
      collect() {
        this.set(databaseAway() ? 0 : 1);
      },
      registers,
    }),
    databasePoolMax: new client.Gauge({ name: "olimpiada_database_pool_max", help: "Connections this process may open", registers }),
  };
}

/**
 * This process's metrics, made on first use.
 * @returns {Metrics}
 */
export function metrics() {
  return processWide("metrics", create);
}

/**
 * A bounded label for a request path: the route it reaches as the routes table names it
 * (lib/api/routes.mjs, as `/api/admin/pupils/[userId]`), "static" for the build's files (Next's
 * and the messages' scripts), else
 * "other". A made-up path never becomes a label of its own. Matched by path-to-regexp, fixed
 * routes before those with a segment, a catch-all last.
 * @returns {(path: string) => string}
 */
export function routeLabels() {
  /** @param {string} route */
  const dynamic = (route) => (route.match(/\[/g) ?? []).length + (route.includes("[...") ? 10 : 0);
  const matchers = [...Object.keys(API_ROUTES), ...PAGE_ROUTES, ...OTHER_ROUTES]
    .sort((a, b) => dynamic(a) - dynamic(b))
    .map((route) => {
      const pattern = route.replace(/\[\.\.\.(\w+)\]/g, "*$1").replace(/\[(\w+)\]/g, ":$1");
      // Not decoded: a hostile path's escapes are never read, only matched.
      return /** @type {const} */ ([route, match(pattern, { decode: false })]);
    });
  return (path) => {
    if (path.startsWith("/_next/") || path.startsWith("/i18n/")) return "static";
    for (const [route, matches] of matchers) if (matches(path)) return route;
    return "other";
  };
}

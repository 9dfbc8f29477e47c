// @ts-check
// The front door: the production server, Next's request handler behind a plain Node HTTP server,
// so the app knows the address of the socket a request came on. Next itself keeps a client-sent
// X-Forwarded-For as it is, which would let anyone pick the address their rate limits count
// against; here the socket's address is appended to it, as a proxy does, and lib/http/client-address
// reads it back, trusting TRUST_PROXY_HOPS more entries when proxies stand in front. Before the
// app, it also answers what must hold when the app is saturated: admission control
// (server/admission.mjs), the status page (server/status-page.mjs), the build's files in brotli.
// Usage: node server/main.mjs [-p PORT] [-H HOSTNAME]   (PORT and HOSTNAME in the environment work too)
// APP_PROCESSES=N (PostgreSQL only) runs N app processes on the one port, one per core: a start at
// the opening costs CPU in the app's process, and one Node process uses one core.
// Plain JavaScript with JSDoc types (checked by tsc): node runs this folder as it is. What it
// shares with the app in the same process (the logs, the figures, the status) is described in
// lib/process-state.mjs; its settings are read in lib/server-config.mjs. `next dev` skips it.
import cluster from "node:cluster";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import next from "next";
import send from "send";
import { DEV_SECRET } from "../lib/dev-secret.mjs";
import { clientAddressOf } from "../lib/http/client-address.mjs";
import { apiHeaders } from "../lib/http/common-headers.mjs";
import { resolveLocale } from "../lib/i18n/negotiate.mjs";
import ruBusy from "../lib/i18n/ru-busy.json" with { type: "json" };
import uzBusy from "../lib/i18n/uz-busy.json" with { type: "json" };
import uzCyrlBusy from "../lib/i18n/uz-Cyrl-busy.json" with { type: "json" };
import { errorText, log, withRequest } from "../lib/log.mjs";
import { metrics, routeLabels } from "../lib/metrics.mjs";
import { serverConfig, sharedAppSettings } from "../lib/server-config.mjs";
import { placeWords } from "../shared/i18n/queue-place.mjs";
import { UserRole } from "../shared/identity/roles.mjs";
import {
  bodyArrived,
  createAdmission,
  defaultAdmissionLimit,
  doorOf,
  genuineSessions,
  ticketCookie,
  ticketLender,
  ticketSince,
} from "./admission.mjs";
import { directApiRoutes } from "./api-routes.mjs";
import { METHODS, malformedRequest } from "./request-line.mjs";
import { STATUS_PATHS, statusResponder } from "./status-page.mjs";

/** @typedef {ReturnType<typeof createAdmission>} Admission */
/** @typedef {import("./admission.mjs").HeldDoor} HeldDoor */

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */

/**
 * The queue's texts per locale (plain text without markup).
 * @type {Record<Locale, typeof uzBusy>}
 */
const BUSY = { uz: uzBusy, "uz-Cyrl": uzCyrlBusy, ru: ruBusy };

/**
 * The locale a request is answered in before the app sees it: as middleware.ts and the API pick it.
 * @param {IncomingMessage} request
 * @returns {Locale}
 */
function localeOf(request) {
  const lang = /[?&]lang=([^&]*)/.exec(request.url ?? "");
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? "");
  return resolveLocale({
    query: lang?.[1] ?? null,
    cookie: cookie?.[1] ?? null,
    acceptLanguage: request.headers["accept-language"] ?? null,
  });
}

/** Failed starts of app processes in a row after which the server ends (server/main.mjs's primary). */
const MAX_FAILED_STARTS = 5;

/** Requests of one client at once that its queue ticket's time serves (a page and its calls). */
const TICKET_PARALLEL = 4;

/**
 * A command-line option's value (`-p 3000`), or `fallback` without one.
 * @param {string} flag
 * @param {string} fallback
 */
const argument = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
/** @type {import("../lib/server-config.mjs").ServerConfig} */
let settings;
try {
  settings = serverConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const port = Number(argument("-p", String(settings.port)));
const hostname = argument("-H", settings.hostname);

// The front door runs the production build: Next and lib/config.ts read NODE_ENV, which is
// "production" unless the environment says otherwise. (Here, not in a module Next bundles: a
// bundle's NODE_ENV is fixed at build. Next's types declare it read-only; the process's is not.)
/** @type {Record<string, string | undefined>} */ (process.env).NODE_ENV ??= "production";
const processes = settings.appProcesses;
if (processes > 1 && !settings.databaseUrl) {
  console.error("APP_PROCESSES > 1 needs DATABASE_URL: the embedded database belongs to one process.");
  process.exit(1);
}
if (cluster.isPrimary && processes > 1) {
  if (!settings.redisUrl) console.warn("APP_PROCESSES > 1 without REDIS_URL: each process keeps its own rate limits.");
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < processes; i++) fork();
  /** @type {Set<number>} */
  const listening = new Set();
  // Starts that failed in a row (a worker that exited before it listened), since one last listened.
  let failedStarts = 0;
  // Only the shared port counts: a worker's start listens on a loopback port of its own first (startApp).
  cluster.on("listening", (worker, address) => {
    if (address.port !== port) return;
    listening.add(worker.id);
    failedStarts = 0;
  });
  // A worker that dies serving (a crash, a kill) is replaced; its pupils' next requests go to the
  // others. One that fails to start (its app did not start: the database away, a seed that failed)
  // exits before it listens, and is started again after a pause that doubles each time; after
  // MAX_FAILED_STARTS in a row (a bad configuration fails every time) the server ends, each
  // worker's reason printed.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (listening.has(worker.id)) {
      log().error({ pid: worker.process.pid, exit: signal ?? code }, "app process ended; starting another");
      fork();
      return;
    }
    failedStarts++;
    if (failedStarts > MAX_FAILED_STARTS) {
      log().error({ failedStarts }, "app processes keep failing to start; stopping");
      stopAll("SIGTERM");
      process.exitCode = 1;
      return;
    }
    const pauseMs = 1_000 * 2 ** (failedStarts - 1);
    log().error({ pid: worker.process.pid, exit: signal ?? code, failedStarts, pauseMs }, "app process failed to start; starting another");
    setTimeout(() => stopping || fork(), pauseMs);
  });
  /** @param {NodeJS.Signals} signal */
  function stopAll(signal) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(), 6_000).unref();
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
    });
  }
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGTERM"));
} else {
  await serve();
}

/**
 * Starts the app before the server listens. A production Next server runs the app's start
 * (instrumentation.ts: the configuration, the database's migrations and demo data, the handlers'
 * table the front door serves from) on the first request it handles, not when prepared
 * (vercel/next.js#59999): one health check of our own, through Next's request handler on a
 * loopback port of its own, is that first request. Throws when the app did not start.
 * @param {(request: IncomingMessage, response: ServerResponse) => Promise<void>} handle
 */
async function startApp(handle) {
  const first = createServer((request, response) => void handle(request, response));
  // Exclusive: a worker of APP_PROCESSES binds this port itself, never shares it with the others.
  await new Promise((resolve) => first.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => resolve(undefined)));
  try {
    const address = /** @type {import("node:net").AddressInfo} */ (first.address());
    const answered = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    await answered.arrayBuffer();
    if (!answered.ok) throw new Error(`The app did not start: its health check answered ${answered.status}.`);
  } finally {
    first.close();
    first.closeAllConnections();
  }
}

async function serve() {
  const app = next({ dev: false, hostname, port });
  const handle = app.getRequestHandler();

  try {
    await app.prepare();
    await startApp(handle);
  } catch (error) {
    // A configuration the server must not run with (a missing or weak secret), or an app that
    // could not start (its database), ends it here, before it listens.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Admission control (server/admission.mjs): past ADMISSION_LIMIT requests in
  // flight a request waits in a short queue in arrival order (ADMISSION_QUEUE_MS), those already
  // inside first; whoever would wait longer gets a fast 503 with a Retry-After the size of the
  // queue. Static files and the health check are always served. 0 turns it off.
  const admissionLimit = settings.admissionLimit ?? defaultAdmissionLimit(settings.appProcesses);
  const admission = admissionLimit > 0 ? createAdmission({ limit: admissionLimit, queueMs: settings.admissionQueueMs }) : null;
  // Live figures (lib/metrics.mjs, served at /api/metrics): every request by its app route, and
  // the admission's state at each scrape. Each instance and process has its own set.
  const figures = metrics();
  // Whose figures: the instance (npm run ops:cluster) and, with APP_PROCESSES > 1, the process on the
  // shared port that answered the scrape (each keeps its own; a scrape reaches one of them).
  figures.registry.setDefaultLabels({
    ...(settings.instanceName ? { app_instance: settings.instanceName } : {}),
    ...(cluster.isWorker ? { app_process: String(cluster.worker?.id) } : {}),
  });
  // The operator's scrape with its token is served before admission, as the health check is: the
  // figures are wanted most when the app is saturated. Without the token it queues like any call.
  // The app's settings the front door reads too, now that Next has loaded the project's .env files.
  const shared = sharedAppSettings();
  /** @param {string} text */
  const digest = (text) => createHash("sha256").update(text).digest();
  const operatorToken = shared.metricsToken ? digest(`Bearer ${shared.metricsToken}`) : null;
  /**
   * @param {IncomingMessage} request
   * @param {string} urlPath
   */
  const isOperatorScrape = (request, urlPath) =>
    operatorToken !== null && urlPath === "/api/metrics" && timingSafeEqual(digest(request.headers.authorization ?? ""), operatorToken);
  if (admission) figures.watchAdmission(admission);
  const routeOf = routeLabels(
    (() => {
      try {
        return Object.keys(JSON.parse(readFileSync(path.resolve(".next", "server", "app-paths-manifest.json"), "utf8")));
      } catch {
        return [];
      }
    })(),
  );
  /**
   * Counts a request once its answer has gone (or the client went), with its duration, and writes
   * its log line: the route (never the raw path: a registration's link is its parent's key), the
   * status, the time, and who and which attempt the app found it was about. The build's static
   * files are counted but not logged (a page's dozen scripts would bury the lines that matter).
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {string} urlPath
   * @param {import("../lib/log.mjs").RequestContext} context
   */
  function measured(request, response, urlPath, context) {
    const started = performance.now();
    response.once("close", () => {
      const method = request.method && METHODS.has(request.method) ? request.method : "OTHER";
      const status = response.headersSent ? String(response.statusCode) : "gone";
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(urlPath);
      figures.requests.observe({ route, method, status }, seconds);
      if (urlPath.startsWith("/_next/static/")) return;
      const { requestId, ...found } = context;
      log().info(
        { requestId, method, route, status: response.headersSent ? response.statusCode : null, ms: Math.round(seconds * 1000), ...found },
        "request",
      );
    });
  }
  /**
   * A request's id: short enough for a pupil to read out to support from the error page. Returned
   * as X-Request-Id and handed to the app (its pages show it; its lines carry it).
   */
  const newRequestId = () =>
    randomBytes(6)
      .toString("hex")
      .replace(/(.{4})(?=.)/g, "$1-");

  const secureCookies = (shared.publicUrl ?? "").startsWith("https://");
  /**
   * The front door's own answer to a call: the contract's JSON body in the visitor's language,
   * with the API's security headers.
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {400 | 405 | 500} status
   */
  function callRefused(request, response, status) {
    if (response.headersSent) return void response.destroy();
    const busy = BUSY[localeOf(request)];
    const message = status === 400 ? busy.badRequest : status === 405 ? busy.methodNotAllowed : busy.serverError;
    response.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...apiHeaders(secureCookies),
      ...(status === 405 ? { Allow: [...METHODS].join(", ") } : {}),
    });
    response.end(JSON.stringify({ code: null, message, validationErrors: {} }));
  }

  // The opening's calls straight to their route handlers (server/api-routes.mjs), not through
  // Next's routing. Without a handler for each, the server does not start.
  /** @type {ReturnType<typeof directApiRoutes>} */
  let directApi;
  try {
    directApi = directApiRoutes({
      onError: (error, request, response) => {
        log().error({ err: errorText(error) }, "direct API call failed");
        callRefused(request, response, 500);
      },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Queue tickets are signed with the shared secret, so a ticket holds on any instance.
  const ticketSecret = shared.authSecret || randomBytes(32).toString("hex");
  // A ticket's time serves a page and its calls, not a script's hundreds at once.
  const tickets = ticketLender(TICKET_PARALLEL);
  const authSecret = shared.authSecret || DEV_SECRET;
  const trustProxyHops = settings.trustProxyHops;
  /**
   * The X-Forwarded-For chain with the socket's address appended, as a proxy appends it.
   * @param {IncomingMessage} request
   */
  const forwardedChain = (request) => {
    const socket = request.socket.remoteAddress ?? "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    const chain = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
    return chain ? `${chain}, ${socket}` : socket;
  };
  /**
   * Who a ticket is for, and by whom the entrance is fair: the client's address (as the app reads
   * it), whatever its User-Agent says.
   * @param {IncomingMessage} request
   */
  const clientOf = (request) => clientAddressOf(forwardedChain(request), trustProxyHops);
  // A session counts for the inside door only if its token decodes (our signature, not expired).
  const sessionRoleOf = genuineSessions(authSecret);
  // Which instance answered (INSTANCE_NAME, set by scripts/cluster.mjs): for operators and tests.
  const instanceName = settings.instanceName;
  const LONG_LIVED = /^\/api\/TestAttempts\/Events$/i;
  // What a pupil already in asks: not a step on the way to the first question (the queue's
  // arrival frontier leaves them out).
  const ANSWERING = /^\/api\/TestAttempts\/(Answer|Finish|Events)$/i;
  // How long a request's body may take to arrive before it is let in (a phone on 3G sends a few
  // kilobytes well within it).
  const BODY_WAIT_MS = settings.bodyWaitMs;

  /**
   * A page asked for gets a calm page that reloads itself (no script: the CSP allows none here).
   * Its texts are our own (lib/i18n/*-busy.json, plain text without markup), in the visitor's language.
   * @param {{ position: number; waitSeconds: number; retryAfter: number }} refused
   * @param {Locale} locale
   */
  function busyPage(refused, locale) {
    const busy = BUSY[locale];
    return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refused.retryAfter}"><title>${busy.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:1rem;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002;text-align:center}
h1{font-size:1.25rem}p{color:#475569;line-height:1.5}</style></head>
<body><main><h1>${busy.title}</h1><p>${busy.lead}</p><p><strong>${placeWords(busy, refused)}</strong></p><p>${busy.retryIn.replace("{seconds}", String(refused.retryAfter))}</p></main></body></html>`;
  }

  /**
   * The queue ticket, as a Set-Cookie value: the time the client first came, given now.
   * @param {number} since
   * @param {string} client
   */
  const ticketFor = (since, client) => `${ticketCookie(since, ticketSecret, client, Date.now())}${secureCookies ? "; Secure" : ""}`;

  /**
   * A fast 503 with the client's place and a Retry-After: a calm page for a page, JSON for a call.
   * @param {Admission} admission
   * @param {ServerResponse} response
   * @param {string} urlPath
   * @param {HeldDoor} door
   * @param {number} since
   * @param {string} client
   * @param {Locale} locale
   */
  function refuse(admission, response, urlPath, door, since, client, locale) {
    if (response.destroyed) return;
    const refused = admission.refusal(door, since, client);
    figures.admissionRefused.inc();
    const page = !urlPath.startsWith("/api/");
    response.writeHead(503, {
      "Content-Type": page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "Retry-After": String(refused.retryAfter),
      "Set-Cookie": ticketFor(since, client),
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
    });
    const { position, waitSeconds } = refused;
    response.end(
      page
        ? busyPage(refused, locale)
        : JSON.stringify({ code: null, message: BUSY[locale].title, validationErrors: {}, busy: true, position, waitSeconds }),
    );
  }

  /**
   * Sets the queue ticket on a response the app is about to write, beside any cookie the app sets
   * (Next appends its cookies, or sets them all at once: both keep this one).
   * @param {ServerResponse} response
   * @param {string} ticket
   */
  function keepTicket(response, ticket) {
    response.setHeader("Set-Cookie", [ticket]);
    const setHeader = response.setHeader;
    /**
     * @this {ServerResponse}
     * @param {string} name
     * @param {number | string | readonly string[]} value
     */
    response.setHeader = function (name, value) {
      if (String(name).toLowerCase() !== "set-cookie") return setHeader.call(this, name, value);
      const cookies = /** @type {string[]} */ ([value].flat());
      return setHeader.call(this, name, [ticket, ...cookies.filter((cookie) => cookie !== ticket)]);
    };
  }

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  function serveRequest(request, response) {
    if (instanceName) response.setHeader("X-Served-By", instanceName);
    request.headers["x-forwarded-for"] = forwardedChain(request);
    const urlPath = (request.url ?? "/").split("?")[0];
    const direct = directApi(request, response, urlPath);
    if (urlPath.startsWith("/api/")) figures.apiLanes.inc({ lane: direct ? "direct" : "next" });
    if (!direct) void handle(request, response);
  }

  /**
   * A body that did not arrive in time (408) or is larger than any of the routes open to the
   * caller takes (413): answered before admission, and the connection is closed.
   * @param {ServerResponse} response
   * @param {"tooLarge" | "slow"} outcome
   * @param {Locale} locale
   */
  function bodyRefused(response, outcome, locale) {
    if (response.destroyed) return;
    const busy = BUSY[locale];
    const [status, message] = outcome === "tooLarge" ? [413, busy.tooLarge] : [408, busy.tooSlow];
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
    response.end(JSON.stringify({ code: null, message, validationErrors: {} }));
  }

  /**
   * Lets a request in through its door, queues it, or refuses it.
   * @param {Admission} admission
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {string} urlPath
   */
  async function admit(admission, request, response, urlPath) {
    // The client may hang up at any await below: a place taken for it must be given back, once.
    let gone = false;
    /** @type {{ door: HeldDoor; client: string } | null} */
    let holding = null;
    const release = () => {
      if (holding) admission.leave(holding);
      holding = null;
    };
    response.once("close", () => {
      gone = true;
      release();
    });
    // A stream (an attempt page listening for the organiser's acts) stays open for minutes: it
    // holds its place only until its answer starts, like any other request.
    if (LONG_LIVED.test(urlPath)) {
      const writeHead = response.writeHead;
      response.writeHead = /** @type {ServerResponse["writeHead"]} */ (
        /**
         * @this {ServerResponse}
         * @param {Parameters<ServerResponse["writeHead"]>} args
         */
        function (...args) {
          release();
          return writeHead.apply(this, args);
        }
      );
    }
    const role = await sessionRoleOf(request.headers.cookie);
    const door = doorOf(urlPath, role !== null);
    if (door === "free") return serveRequest(request, response);
    // A request holds a place only once its body is here: 64 connections that send headers and
    // then wait must not fill the room that pupils' requests need. Only an organiser's upload (a
    // spreadsheet, a picture) is let in as it streams; anyone else's body arrives whole first.
    const body = await bodyArrived(request, BODY_WAIT_MS, { mayStream: role === UserRole.Admin });
    if (body !== "arrived") return bodyRefused(response, body, localeOf(request));
    if (gone) return;
    const client = clientOf(request);
    const ticket = ticketSince(request.headers.cookie, ticketSecret, client);
    const loan = ticket !== null ? tickets.lend(client) : null;
    if (loan) response.once("close", loan);
    // (A loan implies a ticket: said again for the type checker.)
    const since = loan && ticket !== null ? ticket : Date.now();
    admission.back(client);
    const step = !ANSWERING.test(urlPath);
    const admitted = await admission.enter(door, since, (drop) => response.once("close", drop), { step, client });
    if (!admitted) return refuse(admission, response, urlPath, door, ticket ?? since, client, localeOf(request));
    if (gone) return admission.leave({ door, client });
    holding = { door, client };
    admission.back(client);
    // The client's place holds for its next steps too: its ticket is renewed, or given, with the
    // time it first came, once the server is busy (more in flight than the entrance's room) and not
    // only once others wait: a pupil let in at once as the crowd builds keeps that time for New and
    // Get, instead of queueing behind those who came after it. Not while it is calm: the cookie
    // would be written on every answer for nothing.
    if (ticket !== null || admission.waiting > 0 || admission.inFlight > admissionLimit)
      keepTicket(response, ticketFor(ticket ?? since, client));
    serveRequest(request, response);
  }

  // /holat and /api/notices (server/status-page.mjs): "busy" while this process's admission queues.
  const status = statusResponder({ busy: () => (admission ? admission.waiting > 0 : false) });

  // The build's files, read once (the build does not change under a running server): a path under
  // /_next/static/ that is none of them is answered 404 here, before Next renders its not-found
  // page (a flood of made-up paths costs a set lookup each). Their brotli copies
  // (scripts/precompress.mjs) go to browsers that take them: the cheap phone's download, counted
  // as the network carries it. Anything else is Next's.
  const staticRoot = path.resolve(".next", "static");
  const builtFiles = new Set(
    (() => {
      try {
        return readdirSync(staticRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      } catch {
        return [];
      }
    })().map((entry) => `/_next/static/${path.relative(staticRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
  const precompressed = new Set([...builtFiles].filter((file) => file.endsWith(".br")).map((file) => file.slice(0, -".br".length)));
  /** @param {string} urlPath */
  const decodedPath = (urlPath) => {
    try {
      return decodeURIComponent(urlPath);
    } catch {
      return null;
    }
  };
  /**
   * Sends a build's script or stylesheet in brotli, when there is a copy and the browser takes it.
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {string} urlPath
   * @returns {boolean} whether it is being sent
   */
  function servedBrotli(request, response, urlPath) {
    if (!urlPath.startsWith("/_next/static/") || !precompressed.has(decodedPath(urlPath) ?? "")) return false;
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (new Negotiator(request).encoding(["br", "identity"]) !== "br") return false;
    send(request, `${urlPath.slice("/_next/static".length)}.br`, {
      root: staticRoot,
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
    })
      .on("headers", (res) => {
        res.setHeader("Content-Type", urlPath.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=utf-8");
        res.setHeader("Content-Encoding", "br");
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("X-Content-Type-Options", "nosniff");
      })
      // Before anything is sent, Next serves the file as it is; after, the response can only be cut.
      .on("error", () => (response.headersSent ? response.destroy() : serveRequest(request, response)))
      .pipe(response);
    return true;
  }

  // A request's body waits unread in this buffer until the request is let in: it holds any body
  // the app's routes take from a pupil or a parent (DEFAULT_MAX_BODY_BYTES in lib/api/handler.ts, 64 KB), so such a body arrives
  // whole before its request takes a place.
  const server = createServer({ highWaterMark: 68 * 1024 }, (request, response) => {
    const urlPath = (request.url ?? "/").split("?")[0];
    // A client's own X-Request-Id is replaced: the id is ours, and the app reads it from here.
    /** @type {import("../lib/log.mjs").RequestContext} */
    const context = { requestId: newRequestId() };
    request.headers["x-request-id"] = context.requestId;
    response.setHeader("X-Request-Id", context.requestId);
    measured(request, response, urlPath, context);
    withRequest(context, () => {
      const malformed = malformedRequest({ method: request.method, url: request.url, host: request.headers.host });
      if (malformed !== null) return callRefused(request, response, malformed);
      if (urlPath.startsWith("/_next/static/") && !builtFiles.has(decodedPath(urlPath) ?? "")) {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...apiHeaders(secureCookies) });
        return void response.end("Not found");
      }
      if (servedBrotli(request, response, urlPath)) return;
      // The status page and the notices, before admission: wanted most when the app is saturated.
      if (STATUS_PATHS.has(urlPath)) {
        status(request, response, urlPath, localeOf(request)).catch((error) => {
          log().error({ err: errorText(error) }, "status page failed");
          if (!response.headersSent) response.writeHead(500).end();
        });
        return;
      }
      if (!admission || doorOf(urlPath, false) === "free" || isOperatorScrape(request, urlPath)) return serveRequest(request, response);
      admit(admission, request, response, urlPath).catch((error) => {
        log().error({ err: errorText(error) }, "admission failed");
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  // The whole request, body included, within a minute (Node's default is 5 minutes): a body that
  // trickles in after admission is cut off then.
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 65_000; // longer than a load balancer's idle timeout
  server.listen(port, hostname, () => {
    const who = cluster.isWorker ? ` (process ${cluster.worker?.id} of ${processes})` : "";
    console.log(`Olimpiada listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}${who}`);
  });

  // Stop taking connections, end the idle keep-alive ones (they would hold the process for a
  // minute), let requests in flight finish, and never wait longer than a few seconds.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

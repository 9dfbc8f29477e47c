// @ts-check
// The front door, the production server: Next's request handler behind a plain Node HTTP server,
// which appends the socket's address to X-Forwarded-For (lib/http/client-address reads it back)
// and answers before the app what must hold when it is saturated: admission, the status page, the
// build's files, the direct lane (docs/architecture.md, a request's path). Usage: node
// server/main.mjs [-p PORT] [-H HOSTNAME]; APP_PROCESSES=N runs N app processes on the one port.
import cluster from "node:cluster";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import next from "next";
import { AWAY_RETRY_SECONDS, databaseAway } from "../lib/db/availability.mjs";
import { DEV_SECRET } from "../lib/dev-secret.mjs";
import { clientAddressOf } from "../lib/http/client-address.mjs";
import { apiHeaders, commonHeaders } from "../lib/http/common-headers.mjs";
import { errorText, log, withRequest } from "../lib/log.mjs";
import { metrics, routeLabels } from "../lib/metrics.mjs";
import { provideBusy } from "../lib/process-state.mjs";
import { serverConfig, sharedAppSettings } from "../lib/server-config.mjs";
import { createAdmission, defaultAdmissionLimit, doorOf } from "./admission.mjs";
import { directApiRoutes } from "./api-routes.mjs";
import { superviseAppProcesses } from "./app-processes.mjs";
import { BUSY, databaseAwayPage, isPageRequest, localeOf } from "./busy-page.mjs";
import { entrance } from "./entrance.mjs";
import { FrontDoorResponse } from "./front-response.mjs";
import { servedKept } from "./kept-door.mjs";
import { startApp } from "./next-surfaces.mjs";
import { renderShells, SHELL_PATH, shellResponder } from "./offline-shell.mjs";
import { METHODS, malformedRequest } from "./request-line.mjs";
import { newRequestId, requestLog } from "./request-log.mjs";
import { buildFiles } from "./static-files.mjs";
import { STATUS_PATHS, statusResponder } from "./status-page.mjs";

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */

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

// The front door runs the production build: Next and lib/config read NODE_ENV, which is
// "production" unless the environment says otherwise. (Here, not in a module Next bundles: a
// bundle's NODE_ENV is fixed at build. Next's types declare it read-only; the process's is not.)
/** @type {Record<string, string | undefined>} */ (process.env).NODE_ENV ??= "production";
const processes = settings.appProcesses;
if (processes > 1 && !settings.databaseUrl) {
  console.error("APP_PROCESSES > 1 needs DATABASE_URL: the embedded database belongs to one process.");
  process.exit(1);
}
if (cluster.isPrimary && processes > 1) {
  superviseAppProcesses({ processes, port, redisUrl: settings.redisUrl });
} else {
  await serve();
}

async function serve() {
  const app = next({ dev: false, hostname, port });
  const handle = app.getRequestHandler();

  /** @type {Awaited<ReturnType<typeof renderShells>> | null} */
  let shells = null;
  try {
    await app.prepare();
    shells = await startApp(handle, (origin) =>
      renderShells(origin).catch((error) => {
        console.error(error instanceof Error ? error.message : error);
        return null;
      }),
    );
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
  const measured = requestLog(figures, routeLabels());

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

  const admit =
    admission &&
    entrance({
      admission,
      admissionLimit,
      // Queue tickets are signed with the shared secret, so a ticket holds on any instance.
      ticketSecret: shared.authSecret || randomBytes(32).toString("hex"),
      authSecret: shared.authSecret || DEV_SECRET,
      secureCookies,
      bodyWaitMs: settings.bodyWaitMs,
      figures,
      clientOf: (request) => clientOf(request),
      serveRequest: (request, response) => serveRequest(request, response),
    });
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
  // Which instance answered (INSTANCE_NAME, set by scripts/cluster.mjs): for operators and tests.
  const instanceName = settings.instanceName;
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

  // Busy while this process's admission queues: /holat and /api/notices say so
  // (server/status-page.mjs), and the app's background work (drawing certificates ahead) waits.
  const busy = () => (admission ? admission.waiting > 0 : false);
  provideBusy(busy);
  const status = statusResponder({ busy });
  const shell = shellResponder(shells, commonHeaders(secureCookies));

  const files = buildFiles();

  /**
   * The front door's steps, in order, for a request that is not malformed: each answers it, or
   * hands it on to the next.
   * @param {IncomingMessage} request
   * @param {FrontDoorResponse} response
   * @param {string} urlPath
   */
  function frontDoor(request, response, urlPath) {
    const malformed = malformedRequest({
      method: request.method,
      url: request.url,
      host: request.headers.host,
      routerState: request.headers["next-router-state-tree"],
    });
    if (malformed !== null) return callRefused(request, response, malformed);
    if (files.madeUp(urlPath)) return notBuilt(response);
    if (files.servedBrotli(request, response, urlPath, () => serveRequest(request, response))) return;
    // The status page and the notices, before admission: wanted most when the app is saturated.
    if (STATUS_PATHS.has(urlPath))
      return void answered(status(request, response, urlPath, localeOf(request)), response, "status page failed");
    // The offline shell, from memory: the same page for every pupil of a language.
    if (urlPath === SHELL_PATH) return shell(request, response);
    // A kept public page (lib/kept-pages.mjs), from memory: it costs a copy, and holds while the database is away.
    if (servedKept(request, response, urlPath, String(request.headers["x-request-id"]))) return;
    // The database away (lib/db/availability.mjs): a page gets the calm page, not Next's error page.
    if (databaseAway() && isPageRequest(request.method, urlPath)) return databaseAwayPage(response, localeOf(request), AWAY_RETRY_SECONDS);
    if (!admit || doorOf(urlPath, false) === "free" || isOperatorScrape(request, urlPath)) return serveRequest(request, response);
    answered(admit(request, response, urlPath), response, "admission failed");
  }

  /**
   * A path under /_next/static/ that the build has no file for: a cheap 404, never Next's page.
   * @param {ServerResponse} response
   */
  function notBuilt(response) {
    response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...apiHeaders(secureCookies) });
    response.end("Not found");
  }

  /**
   * A step's answer that failed: its log line, and a bare 500 if nothing was sent yet.
   * @param {Promise<void>} step
   * @param {ServerResponse} response
   * @param {string} what
   */
  function answered(step, response, what) {
    step.catch((error) => {
      log().error({ err: errorText(error) }, what);
      if (!response.headersSent) response.writeHead(500).end();
    });
  }

  // A request's body waits unread in this buffer until the request is let in: it holds any body
  // the app's routes take from a pupil or a parent (DEFAULT_MAX_BODY_BYTES in lib/api/handler.ts, 64 KB), so such a body arrives
  // whole before its request takes a place.
  const server = createServer({ highWaterMark: 68 * 1024, ServerResponse: FrontDoorResponse }, (request, response) => {
    const urlPath = (request.url ?? "/").split("?")[0];
    // A client's own X-Request-Id is replaced: the id is ours, and the app reads it from here.
    /** @type {import("../lib/log.mjs").RequestContext} */
    const context = { requestId: newRequestId() };
    request.headers["x-request-id"] = context.requestId;
    response.setHeader("X-Request-Id", context.requestId);
    measured(request, response, urlPath, context);
    withRequest(context, () => frontDoor(request, response, urlPath));
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

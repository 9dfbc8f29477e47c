// The production server: Next's request handler behind a plain Node HTTP server, so the app
// knows the address of the socket a request came on. Next itself keeps a client-sent
// X-Forwarded-For as it is, which would let anyone pick the address their rate limits count
// against; here the socket's address is appended to it, as a proxy does, and lib/http/client-address
// reads it back, trusting TRUST_PROXY_HOPS more entries when proxies stand in front.
// Usage: node server.mjs [-p PORT] [-H HOSTNAME]   (PORT and HOSTNAME in the environment work too)
// APP_PROCESSES=N (PostgreSQL only) runs N app processes on the one port, one per core: a start at
// the opening costs CPU in the app's process, and one Node process uses one core.
import cluster from "node:cluster";
import { createServer } from "node:http";
import next from "next";
import busy from "./lib/i18n/uz-busy.json" with { type: "json" };

const argument = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const port = Number(argument("-p", process.env.PORT ?? "3000"));
const hostname = argument("-H", process.env.HOSTNAME ?? "0.0.0.0");

process.env.NODE_ENV ??= "production";
const processes = Math.max(1, Number(process.env.APP_PROCESSES ?? 1) || 1);
if (processes > 1 && !process.env.DATABASE_URL) {
  console.error("APP_PROCESSES > 1 needs DATABASE_URL: the embedded database belongs to one process.");
  process.exit(1);
}
if (cluster.isPrimary && processes > 1) {
  if (!process.env.REDIS_URL) console.warn("APP_PROCESSES > 1 without REDIS_URL: each process keeps its own rate limits.");
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < processes; i++) fork();
  const listening = new Set();
  cluster.on("listening", (worker) => listening.add(worker.id));
  // A worker that dies serving (a crash, a kill) is replaced; its pupils' next requests go to the
  // others. One that dies before it listened (a bad configuration) ends the server with its reason.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listening.has(worker.id)) {
      stopAll("SIGTERM");
      process.exitCode = 1;
      return;
    }
    console.error(`app process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
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

async function serve() {
  const app = next({ dev: false, hostname, port });
  const handle = app.getRequestHandler();

  try {
    await app.prepare();
  } catch (error) {
    // A configuration the server must not run with (a missing or weak secret) ends it here.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Admission control (DESIGN §13): past ADMISSION_LIMIT requests in flight, a request that would
  // start new work (a page, a sign-in, a start) gets a fast 503 with Retry-After instead of waiting
  // a minute in a queue; the pupils already testing (answers, their attempt, finish) may use twice
  // the limit, so a crowd at the door never starves those inside. Static files and the health
  // check are always served. 0 turns it off.
  const admissionLimit = Number(process.env.ADMISSION_LIMIT ?? 64);
  // Which instance answered (INSTANCE_NAME, set by scripts/cluster.mjs): for operators and tests.
  const instanceName = process.env.INSTANCE_NAME;
  const ENTRY = /^\/api\/(?:TestAttempts\/New|Identity\/Login)$/i;
  let inFlight = 0;

  function isEntry(request, path) {
    if (ENTRY.test(path)) return true;
    return request.method === "GET" && !path.startsWith("/api/") && !path.startsWith("/_next/");
  }

  /**
   * A page asked for gets a calm page that reloads itself (no script: the CSP allows none here).
   * Its texts are our own (lib/i18n/uz-busy.json, plain text without markup).
   */
  function busyPage(retryAfter) {
    return `<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfter}"><title>${busy.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:1rem;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002;text-align:center}
h1{font-size:1.25rem}p{color:#475569;line-height:1.5}</style></head>
<body><main><h1>${busy.title}</h1><p>${busy.lead}</p><p>${busy.retryIn.replace("{seconds}", String(retryAfter))}</p></main></body></html>`;
  }

  function refuse(_request, response, path) {
    const retryAfter = 1 + Math.floor(Math.random() * 3); // 1–3 s, spread so retries do not arrive together
    const page = !path.startsWith("/api/");
    response.writeHead(503, {
      "Content-Type": page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "Retry-After": String(retryAfter),
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
    });
    response.end(page ? busyPage(retryAfter) : JSON.stringify({ code: null, message: busy.title, validationErrors: {}, busy: true }));
  }

  function admitted(request, path) {
    if (admissionLimit <= 0) return true;
    if (path.startsWith("/_next/static/") || path === "/api/health") return true;
    return inFlight < (isEntry(request, path) ? admissionLimit : admissionLimit * 2);
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (!admitted(request, path)) return refuse(request, response, path);
    inFlight++;
    response.once("close", () => inFlight--);
    if (instanceName) response.setHeader("X-Served-By", instanceName);
    const socket = request.socket.remoteAddress ?? "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    const chain = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
    request.headers["x-forwarded-for"] = chain ? `${chain}, ${socket}` : socket;
    void handle(request, response);
  });
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

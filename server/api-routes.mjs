// @ts-check
// The pupils' calls of the opening, handed by the front door straight to their route handlers.
//
// Next's request handling around a route handler (matching the route, its tracing spans, the
// request and response adapters, streaming the answer through web streams, its compression) costs
// more CPU than the calls themselves: profiled with bench:cost, a saved answer spent most of its
// app time there. These few calls have one fixed path each and no dynamic segment, and their
// handlers (lib/api/handler.ts) do all the rest themselves: who may call, limits, parsing with
// the shared schemas, errors, the API's headers. So for them the front door loads the route's own
// module from the build (the same module instance Next loads: Node's module cache) and calls its
// exported method with a NextRequest, as Next would, and writes the answer. Anything else, a path
// in another casing, or a method the route does not export goes to Next as before.

import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {(request: import("next/server").NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>} RouteMethod */

/**
 * The calls served here: a pupil's way from the sign-in to the first question, the attempt's calls
 * and the stream of the organiser's acts, and the health check the pages and load balancers ask.
 * Every one is a route handler of lib/api/handler.ts.
 */
export const DIRECT_API_PATHS = [
  "/api/health",
  "/api/Identity/Login",
  "/api/Identity/GetCurrentUser",
  "/api/TestAttempts/AllowTestAttempt",
  "/api/TestAttempts/IsThereAttempt",
  "/api/TestAttempts/Paper",
  "/api/TestAttempts/New",
  "/api/TestAttempts/Get",
  "/api/TestAttempts/GetRemainingTime",
  "/api/TestAttempts/Answer",
  "/api/TestAttempts/Finish",
  "/api/TestAttempts/Result",
  "/api/TestAttempts/Events",
];

/** The largest body read here: more than any of these calls takes (lib/api/handler.ts, 64 KB). */
const MAX_BODY_BYTES = 128 * 1024;

/** Answers smaller than this go as they are (compressing them saves the phone nothing). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * @param {string} distDir the build's folder (.next)
 * @param {{ onError: (error: unknown) => void }} options
 * @returns {(request: IncomingMessage, response: ServerResponse, urlPath: string) => boolean} serves
 *   the request and says true, or says false (then it is Next's)
 */
export function directApiRoutes(distDir, { onError }) {
  const load = createRequire(import.meta.url);
  // What Next's server loads before any route (the globals its runtime expects), should no request
  // have reached Next yet.
  load("next/dist/server/node-environment");
  // Loaded only now: next/server loads Next's request storage, which must see those globals.
  /** @type {typeof import("next/server").NextRequest} */
  const NextRequest = load("next/server").NextRequest;
  // Each route's module, loaded once at start (a module of the build resolves to its exports: its
  // imports load asynchronously). Until a module has loaded, or if it failed to, Next serves its path.
  /** @type {Map<string, Record<string, RouteMethod>>} */
  const modules = new Map();
  for (const urlPath of DIRECT_API_PATHS) {
    Promise.resolve()
      .then(() => load(path.resolve(distDir, "server", "app", `.${urlPath}`, "route.js")))
      .then((module) => modules.set(urlPath, module.routeModule.userland))
      .catch(onError);
  }

  return (request, response, urlPath) => {
    const method = modules.get(urlPath)?.[request.method ?? ""];
    if (typeof method !== "function") return false;
    // A body of no stated length, or larger than any of these calls takes, is Next's to refuse.
    const length = request.headers["content-length"];
    const chunked = request.headers["transfer-encoding"] !== undefined;
    if (chunked || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    answer(NextRequest, method, request, response).catch((error) => {
      onError(error);
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
      response.end();
    });
    return true;
  };
}

/**
 * The request as a NextRequest (its body read whole), the route's answer written back; a stream (text/event-stream) as it comes, ended when
 * the client goes.
 * @param {typeof import("next/server").NextRequest} NextRequest
 * @param {RouteMethod} method
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 */
async function answer(NextRequest, method, request, response) {
  const headers = new Headers();
  // As Next's server adds them to a request that lacks them (its own handling reads them).
  request.headers["x-forwarded-host"] ??= request.headers.host;
  request.headers["x-forwarded-port"] ??= String(request.socket.localPort ?? "");
  request.headers["x-forwarded-proto"] ??= "http";
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith(":") || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  // The body read whole (at most MAX_BODY_BYTES: a larger one, or one without a length, went to
  // Next), so that none is left unread on the connection when the handler refuses the call first.
  const body = hasBody ? await bodyOf(request) : null;
  const gone = new AbortController();
  response.once("close", () => gone.abort());
  const host = headers.get("host") ?? "localhost";
  const nextRequest = new NextRequest(`http://${host}${request.url}`, {
    method: request.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    signal: gone.signal,
  });
  const answered = await method(nextRequest, { params: Promise.resolve({}) });
  const out = /** @type {Record<string, string | string[]>} */ ({});
  answered.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = answered.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  if (!answered.body) {
    response.writeHead(answered.status, out).end();
    return;
  }
  if ((answered.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    response.writeHead(answered.status, out);
    response.flushHeaders();
    const stream = Readable.fromWeb(/** @type {import("node:stream/web").ReadableStream} */ (answered.body));
    response.once("close", () => stream.destroy());
    stream.on("error", () => response.end());
    stream.pipe(response);
    return;
  }
  const bytes = Buffer.from(await answered.arrayBuffer());
  const encoding =
    bytes.length >= COMPRESS_FROM_BYTES && !answered.headers.has("content-encoding")
      ? new Negotiator(request).encoding(["br", "gzip", "identity"])
      : "identity";
  const sent = encoding === "br" ? await brotli(bytes) : encoding === "gzip" ? await gzipped(bytes) : bytes;
  if (encoding === "br" || encoding === "gzip") {
    out["content-encoding"] = encoding;
    out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
  }
  out["content-length"] = String(sent.length);
  response.writeHead(answered.status, out).end(request.method === "HEAD" ? undefined : sent);
}

/** @param {IncomingMessage} request @returns {Promise<Buffer>} */
async function bodyOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Brotli at quality 4: about gzip's speed, a smaller answer. @param {Buffer} bytes @returns {Promise<Buffer>} */
const brotli = (bytes) =>
  new Promise((resolve, reject) =>
    brotliCompress(
      bytes,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

/** @param {Buffer} bytes @returns {Promise<Buffer>} */
const gzipped = (bytes) => new Promise((resolve, reject) => gzip(bytes, (error, result) => (error ? reject(error) : resolve(result))));

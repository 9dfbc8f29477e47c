// @ts-check
// The direct lane: the pupils' calls of the opening (lane "direct" in lib/api/routes.mjs), handed
// by the front door straight to their handlers, which do all Next's route handling would (who may
// call, limits, parsing, errors, headers) at a fraction of its CPU (bench:cost). The app hands the
// handlers over at start; without one for every listed call the server does not start. Another
// casing or method goes to Next, which serves the same handler (docs/architecture.md).

import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { missingDirectRoutes } from "../lib/api/routes.mjs";
import { providedDirectRoutes } from "../lib/process-state.mjs";

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {import("../lib/process-state.mjs").RouteMethod} RouteMethod */

/** The largest body read here: more than any of these calls takes (lib/api/handler.ts, 64 KB). */
const MAX_BODY_BYTES = 128 * 1024;

/** Answers smaller than this go as they are (compressing them saves the phone nothing). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The front door's lane for the listed calls, once the app has started (its instrumentation has
 * handed the table over). Throws, naming them, when a listed call has no handler. A call that
 * fails outside its handler's own error handling goes to `onError`, which answers it.
 * @param {{ onError: (error: unknown, request: IncomingMessage, response: ServerResponse) => void }} options
 * @returns {(request: IncomingMessage, response: ServerResponse, urlPath: string) => boolean} serves
 *   the request and says true, or says false (then it is Next's)
 */
export function directApiRoutes({ onError }) {
  const table = providedDirectRoutes();
  const missing = missingDirectRoutes(table);
  if (table === null || missing.length > 0) {
    throw new Error(`The app provided no handler for ${missing.join(", ")}: see lib/api/direct-routes.ts and instrumentation.ts.`);
  }
  // Next's public request class; loaded only now, once Next's server has set up its runtime.
  /** @type {typeof import("next/server").NextRequest} */
  const NextRequest = createRequire(import.meta.url)("next/server").NextRequest;

  return (request, response, urlPath) => {
    const method = Object.hasOwn(table, urlPath) ? table[urlPath][request.method ?? ""] : undefined;
    if (typeof method !== "function") return false;
    // A body of no stated length, or larger than any of these calls takes, is Next's to refuse.
    const length = request.headers["content-length"];
    const chunked = request.headers["transfer-encoding"] !== undefined;
    if (chunked || (length !== undefined && !(Number(length) <= MAX_BODY_BYTES))) return false;
    answer(NextRequest, method, request, response).catch((error) => onError(error, request, response));
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
  const sent = answered.headers.has("content-encoding") ? bytes : await compressedFor(request, bytes, out);
  out["content-length"] = String(sent.length);
  response.writeHead(answered.status, out).end(request.method === "HEAD" ? undefined : sent);
}

/**
 * `bytes` compressed as the client takes it (brotli, else gzip; as they are when small), and the
 * answer's headers `out` saying so.
 * @param {IncomingMessage} request
 * @param {Buffer} bytes
 * @param {Record<string, string | string[]>} out
 * @returns {Promise<Buffer>}
 */
export async function compressedFor(request, bytes, out) {
  const encoding = bytes.length >= COMPRESS_FROM_BYTES ? new Negotiator(request).encoding(["br", "gzip", "identity"]) : "identity";
  if (encoding !== "br" && encoding !== "gzip") return bytes;
  out["content-encoding"] = encoding;
  const vary = String(out.vary ?? "");
  if (!/accept-encoding/i.test(vary)) out.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  return encoding === "br" ? brotli(bytes) : gzipped(bytes);
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

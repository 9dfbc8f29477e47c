// @ts-check
// The front door's side of the kept pages (lib/kept-pages.mjs): a visitor of a page that may be
// kept gets its copy from memory, before admission and without the app (a fresh nonce and request
// id in place of the render's); without a copy, the app's answer is copied as it goes out, and
// kept if the render asked for it. Only a plain GET of the page itself: a client-side navigation
// (RSC), a prefetch or a HEAD goes to the app.
import { randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { forgetMark, keepPage, keptGeneration, keptPage, marked } from "../lib/kept-pages.mjs";
import { compressedFor } from "./api-routes.mjs";
import { localeOf } from "./busy-page.mjs";

/** The pages that may ask to be kept: the certificate's check and its preview, a final list's check. */
const KEPT_PATHS = [/^\/cert\/[^/]+$/, /^\/cert\/[^/]+\/preview$/, /^\/lists\/[^/]+$/];
/** A page larger than this is not copied (the copy would cost more memory than its render). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Headers of the render that are the answer's own, not the page's. */
const NOT_KEPT = new Set([
  "set-cookie",
  "x-request-id",
  "x-served-by",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("./front-response.mjs").FrontDoorResponse} FrontDoorResponse */

/**
 * The address's key in the visitor's language, or null when the request is not one a copy answers.
 * @param {IncomingMessage} request
 * @param {string} urlPath
 */
function keyOf(request, urlPath) {
  if (request.method !== "GET" || !KEPT_PATHS.some((path) => path.test(urlPath))) return null;
  const h = request.headers;
  if (h.rsc || h["next-router-prefetch"] || h["next-router-state-tree"] || h["next-action"]) return null;
  // Only the query the pages read (a list's district, a preview's version): another would be a copy of its own for nothing.
  const query = (request.url ?? "").slice(urlPath.length + 1);
  if (!/^(district=\d{1,9}|v=[\w-]{1,40})?$/.test(query)) return null;
  return `${localeOf(request)} ${h.host} ${request.url}`;
}

/**
 * Answers from a kept copy (true), or sets the response to be copied as it goes out (false).
 * @param {IncomingMessage} request
 * @param {FrontDoorResponse} response
 * @param {string} urlPath
 * @param {string} requestId this request's id (the copy's is replaced by it)
 */
export function servedKept(request, response, urlPath, requestId) {
  const key = keyOf(request, urlPath);
  if (key === null) return false;
  const page = keptPage(key);
  if (page) {
    const nonce = btoa(randomUUID());
    /** @param {string} text */
    const fresh = (text) => (page.nonce ? text.replaceAll(page.nonce, nonce) : text).replaceAll(page.requestId, requestId);
    /** @type {Record<string, string>} */
    const headers = { ...page.headers, "x-kept": "1" };
    const policy = headers["content-security-policy"];
    if (policy) headers["content-security-policy"] = fresh(policy);
    const body = typeof page.body === "string" ? Buffer.from(fresh(page.body)) : page.body;
    compressedFor(request, body, headers).then(
      (sent) => response.writeHead(page.status, { ...headers, "content-length": String(sent.length) }).end(sent),
      () => response.writeHead(page.status, headers).end(body),
    );
    return true;
  }
  const generation = keptGeneration();
  /** @type {Buffer[]} */
  const chunks = [];
  let bytes = 0;
  response.copyInto = (chunk) => {
    bytes += chunk.length;
    if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
  };
  response.once("finish", () => {
    response.copyInto = null;
    const headers = /** @type {Record<string, string>} */ ({});
    for (const [name, value] of Object.entries(response.getHeaders()))
      if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = String(value);
    const cookies = [response.getHeader("set-cookie") ?? []].flat().filter((cookie) => cookie !== response.ticket);
    const type = String(headers["content-type"]);
    const html = type.startsWith("text/html");
    // Taken apart only for a render that asked to be kept.
    const plain =
      marked(requestId) && response.statusCode === 200 && cookies.length === 0 && bytes <= MAX_BODY_BYTES && (html || type === "image/png");
    const body = plain ? decoded(Buffer.concat(chunks), headers["content-encoding"]) : null;
    if (body === null) return forgetMark(requestId);
    delete headers["content-encoding"];
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? null;
    keepPage(key, requestId, generation, { status: 200, headers, body: html ? body.toString("utf8") : body, nonce });
  });
  response.once("close", () => {
    if (!response.writableFinished) forgetMark(requestId);
  });
  return false;
}

/**
 * The body as the app rendered it, before the compression it was sent with; null for one this
 * does not take apart.
 * @param {Buffer} body
 * @param {string | undefined} encoding
 */
function decoded(body, encoding) {
  try {
    if (encoding === undefined || encoding === "identity") return body;
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "br") return brotliDecompressSync(body);
    return null;
  } catch {
    return null;
  }
}

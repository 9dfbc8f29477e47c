// @ts-check
// What the front door refuses before anything reads a request further: a method no route has
// (TRACE, CONNECT, a made-up one), a target that is no path (`GET *`, a proxy's absolute form), a
// Host that is no address (`x:99999`, `a b`, `[`, and those a URL refuses though they look like
// one: `256.0.0.1`, `09`, `xn--a`, `[1.2.3.4]`), a router state that is not one (a page's
// `Next-Router-State-Tree`, which Next reads as its own). Each would reach Next, or the direct
// lane's NextRequest, and end in a 500 with a stack trace; refused here, it is a plain 400 or 405.
import { routerStateTaken } from "./next-surfaces.mjs";

/** The methods the app's routes and pages answer. */
export const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A host name, an IPv4 address or a bracketed IPv6 one, with an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)(?::(\d{1,5}))?$/;

/**
 * Hosts a URL took already: nearly every request names one of a few (the site's, its address on
 * the network), so the URL is parsed once per host, not per request. Bounded: a client that makes
 * up a host for each request only costs its own requests a parse.
 */
const TAKEN_HOSTS = new Set();
const TAKEN_HOSTS_KEPT = 64;

/** @param {string} host */
function urlTakes(host) {
  if (TAKEN_HOSTS.has(host)) return true;
  if (!URL.canParse(`http://${host}/`)) return false;
  if (TAKEN_HOSTS.size < TAKEN_HOSTS_KEPT) TAKEN_HOSTS.add(host);
  return true;
}

/**
 * Why a request is refused before it is read (400 or 405), or null when it is well formed.
 * @param {{ method: string | undefined; url: string | undefined; host: string | undefined; routerState?: string | string[] }} request
 * @returns {400 | 405 | null}
 */
export function malformedRequest({ method, url, host, routerState }) {
  if (!METHODS.has(method ?? "")) return 405;
  if (!url?.startsWith("/")) return 400;
  // A client-side navigation's state, sent only by Next's router: read only when there is one.
  if (routerState !== undefined && (Array.isArray(routerState) || !routerStateTaken(routerState))) return 400;
  // HTTP/1.1 requires a Host (Node refuses a request without one); HTTP/1.0 may omit it.
  if (host === undefined) return null;
  const match = HOST.exec(host);
  return !match || Number(match[1] ?? 0) > 65_535 || !urlTakes(host) ? 400 : null;
}

// @ts-check
// What the front door refuses before anything reads a request further: a method no route has
// (TRACE, CONNECT, a made-up one), a target that is no path (`GET *`, a proxy's absolute form), a
// Host that is no address (`x:99999`, `a b`, `[`). Each would reach Next, or the direct lane's
// NextRequest, and end in a 500 with a stack trace; refused here, it is a plain 400 or 405.

/** The methods the app's routes and pages answer. */
export const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A host name, an IPv4 address or a bracketed IPv6 one, with an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)(?::(\d{1,5}))?$/;

/**
 * Why a request is refused before it is read (400 or 405), or null when it is well formed.
 * @param {{ method: string | undefined; url: string | undefined; host: string | undefined }} request
 * @returns {400 | 405 | null}
 */
export function malformedRequest({ method, url, host }) {
  if (!METHODS.has(method ?? "")) return 405;
  if (!url?.startsWith("/")) return 400;
  // HTTP/1.1 requires a Host (Node refuses a request without one); HTTP/1.0 may omit it.
  if (host === undefined) return null;
  // The pattern admits only what a URL's host and port take (checked on every request: no URL parsed here).
  const match = HOST.exec(host);
  return !match || Number(match[1] ?? 0) > 65_535 ? 400 : null;
}

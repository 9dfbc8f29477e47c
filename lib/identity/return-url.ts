// Where to go after signing in: only a path on this site, never another origin (no open redirect).
import "server-only";

const BASE = "http://same.invalid";

/** The fallback also for "/" itself, which only redirects to the user's home. */
export function safeReturnUrl<F extends string | null = string>(raw: unknown, fallback: F = "/" as F): string | F {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) {
    return fallback;
  }
  try {
    // The URL parser drops tabs and newlines and reads backslashes as slashes, as browsers do:
    // whatever still resolves outside this origin is refused.
    const url = new URL(raw, BASE);
    if (url.origin !== BASE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can normalise into a scheme-relative address ("/.//evil.com" → "//evil.com"),
    // which a browser reads as another origin: refused after normalising too.
    if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return url.pathname === "/login" || path === "/" ? fallback : path;
  } catch {
    return fallback;
  }
}

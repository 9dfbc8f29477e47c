// The address the visitor opened, which is the site's own whatever it is: PUBLIC_URL, but also
// http://127.0.0.1:3000 or the machine's address on the school's network when the demo is shown on
// a phone. Read from the Host header, or from X-Forwarded-Host and -Proto when a trusted proxy
// stands in front (TRUST_PROXY_HOPS): behind nginx the listening address is not the visitor's.
// Redirects are built on it, and a browser's Origin that names it is our own page's.
import "server-only";
import { config } from "@/lib/config";

const firstOf = (value: string | null) => value?.split(",")[0]?.trim().toLowerCase() || null;

/** The host (name and port) as the visitor wrote it, or null when none or not a plain host. */
export function visitorHost(headers: Headers): string | null {
  const host = (config().trustProxyHops > 0 && firstOf(headers.get("x-forwarded-host"))) || firstOf(headers.get("host"));
  if (!host) return null;
  try {
    return new URL(`http://${host}`).host === host ? host : null;
  } catch {
    return null;
  }
}

/** The visitor's origin, for an absolute redirect; PUBLIC_URL's when the request names no host. */
export function visitorOrigin(headers: Headers): string {
  const publicOrigin = new URL(config().publicUrl);
  const host = visitorHost(headers);
  if (!host || host === publicOrigin.host) return publicOrigin.origin;
  const proto = config().trustProxyHops > 0 ? firstOf(headers.get("x-forwarded-proto")) : null;
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

/** A browser's Origin header names our own site: PUBLIC_URL, or the very host the visitor opened. */
export function isOwnOrigin(origin: string, headers: Headers): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.origin === new URL(config().publicUrl).origin || (url.host !== "" && url.host === visitorHost(headers));
}

// The security headers of every response: pages get a nonce-based policy for Next's
// scripts, API answers a policy that allows nothing, both the rest.
import "server-only";
import { config } from "@/lib/config";
import { API_CONTENT_SECURITY_POLICY, commonHeaders } from "./common-headers.mjs";

/** The origin of the card provider's checkout script, which the payment panel loads. */
function cardOrigin(): string | null {
  const url = config().cardCheckoutScriptUrl;
  if (!url || url.startsWith("/")) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A page's Content-Security-Policy: scripts only with this request's nonce (and what they load). */
export function pageContentSecurityPolicy(nonce: string): string {
  const card = cardOrigin();
  const extra = card ? ` ${card}` : "";
  // Next's development server evaluates code; a production build never does.
  const evaluate = config().production ? "" : " 'unsafe-eval'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${extra}${evaluate}`,
    // Formulas (KaTeX) and the components' positioning write style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The attempt page's service worker (public/sw.js), for a reload without network.
    "worker-src 'self'",
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    `frame-src 'self'${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The headers every response carries besides its Content-Security-Policy. */
export function commonSecurityHeaders(): Record<string, string> {
  return commonHeaders(config().publicUrl.startsWith("https://"));
}

/** Adds the API's security headers to a response (one the wrapper made, or a route's own). */
export function withApiSecurityHeaders(response: Response): Response {
  const set = (name: string, value: string) => {
    if (!response.headers.has(name)) response.headers.set(name, value);
  };
  try {
    for (const [name, value] of Object.entries(commonSecurityHeaders())) set(name, value);
    set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  } catch {
    // A response whose headers are immutable (a fetched one passed through) keeps its own.
  }
  return response;
}

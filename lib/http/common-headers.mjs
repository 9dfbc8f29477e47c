// @ts-check
// The security headers every response carries besides its Content-Security-Policy, and the API's
// policy, which allows nothing. One home for the app (lib/http/security-headers.ts) and the front
// door (server/), which answers some calls before the app: plain JavaScript, as it runs unbuilt.

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * @param {boolean} https whether the site is served over HTTPS (its public address)
 * @returns {Record<string, string>}
 */
export function commonHeaders(https) {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self), usb=()",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * An API answer's security headers.
 * @param {boolean} https
 * @returns {Record<string, string>}
 */
export const apiHeaders = (https) => ({ ...commonHeaders(https), "Content-Security-Policy": API_CONTENT_SECURITY_POLICY });

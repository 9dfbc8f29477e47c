// @ts-check
// The session cookie's name, in one place: sign-in sets it (session-token.ts) and the front door's
// queue (server/session-key.mjs, plain JavaScript) reads it. Served over HTTPS it carries the
// __Host- prefix.
export const SESSION_COOKIE = "next-auth.session-token";

/**
 * @param {boolean} secure
 * @returns {string}
 */
export const sessionCookieName = (secure) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

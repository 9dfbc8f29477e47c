// The session cookie's name, in one place: sign-in sets it (session-token.ts) and the admission in
// server.mjs reads it (plain JavaScript). Served over HTTPS it carries the __Host- prefix.
export const SESSION_COOKIE = "next-auth.session-token";

export const sessionCookieName = (secure) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

// The development default of AUTH_SECRET (never accepted in production: lib/config.ts), shared
// with server.mjs, which checks session tokens before the app does (admission's doors).
export const DEV_SECRET = "development-only-secret-do-not-use-in-production";

// @ts-check
// The development default of AUTH_SECRET (never accepted in production: lib/config), shared
// with the front door (server/main.mjs), which checks session tokens before the app does
// (admission's doors).
export const DEV_SECRET = "development-only-secret-do-not-use-in-production";

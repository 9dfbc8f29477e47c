// @ts-check
// The calls the front door hands straight to their route handlers (server/api-routes.mjs), with
// the methods each one has: the opening's way from the sign-in to the first question, the
// attempt's calls, the stream of the organiser's acts, and the health check. One list for the
// three that must agree: the app's table of their handlers (lib/api/direct-routes.ts, typed from
// this list), the route files Next serves them from under another casing (tested to export the
// table's functions), and the front door, which refuses to start without a handler for each.
// Plain JavaScript: the front door runs without a build.

export const DIRECT_ROUTE_METHODS = /** @type {const} */ ({
  "/api/health": ["GET"],
  "/api/Identity/Login": ["POST"],
  "/api/Identity/GetCurrentUser": ["GET"],
  "/api/TestAttempts/AllowTestAttempt": ["GET"],
  "/api/TestAttempts/IsThereAttempt": ["GET"],
  "/api/TestAttempts/Paper": ["GET"],
  "/api/TestAttempts/New": ["POST"],
  "/api/TestAttempts/Get": ["GET"],
  "/api/TestAttempts/GetRemainingTime": ["GET"],
  "/api/TestAttempts/Answer": ["POST"],
  "/api/TestAttempts/Finish": ["POST"],
  "/api/TestAttempts/Result": ["GET"],
  "/api/TestAttempts/Events": ["GET"],
});

/** @typedef {keyof typeof DIRECT_ROUTE_METHODS} DirectPath */

/**
 * What a table of handlers lacks: each "METHOD path" of the list that has no function in it.
 * @param {Partial<Record<string, Partial<Record<string, unknown>>>> | null} table
 * @returns {string[]}
 */
export function missingDirectRoutes(table) {
  return Object.entries(DIRECT_ROUTE_METHODS).flatMap(([path, methods]) =>
    methods.filter((method) => typeof table?.[path]?.[method] !== "function").map((method) => `${method} ${path}`),
  );
}

// @ts-check
// The app's routes, declared once: every API route with its methods and how the front door treats
// it, and the pages. Read by the front door's direct lane (server/api-routes.mjs), the entrance
// and the admission's doors, the middleware's casing rewrite (its literal matcher is tested against
// this table), the metric labels and the hostile-input test; a unit test keeps it equal to the
// route files and pages under app/. Plain JavaScript: the front door runs without a build.

/** @typedef {"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} Method */
/**
 * casing "any": one of the spec's paths, answered in any casing (the middleware maps it).
 * lane "direct": the front door hands it straight to its handler (lib/api/direct-routes.ts).
 * door: "free" never queues, "entry" always waits at the entrance; else a genuine session's
 * request goes inside. stream: stays open (Server-Sent Events). answering: asked by a pupil already
 * in, not a step on the way to the first question.
 * @typedef {{
 *   methods: readonly Method[];
 *   casing?: "any";
 *   lane?: "direct";
 *   door?: "free" | "entry";
 *   stream?: true;
 *   answering?: true;
 * }} ApiRoute
 */

export const API_ROUTES = /** @satisfies {Record<string, ApiRoute>} */ (
  /** @type {const} */ ({
    "/api/Certificates/Check": { methods: ["GET"], casing: "any" },
    "/api/Certificates/Generate": { methods: ["POST"], casing: "any" },
    "/api/Districts/GetAll": { methods: ["GET"], casing: "any" },
    "/api/Identity/GetCurrentUser": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/Identity/Login": { methods: ["POST"], casing: "any", lane: "direct", door: "entry" },
    "/api/Identity/Logout": { methods: ["POST"], casing: "any" },
    "/api/Identity/Update": { methods: ["POST"], casing: "any" },
    "/api/Organizations/GetAll": { methods: ["GET"], casing: "any" },
    "/api/Regions/GetAll": { methods: ["GET"], casing: "any" },
    "/api/Registration/Appeals": { methods: ["GET", "POST"], casing: "any" },
    "/api/registrations/[guid]/invitation": { methods: ["GET", "POST"] },
    "/api/Registration/GetRegisterStatus": { methods: ["GET"], casing: "any" },
    "/api/Registration/Register": { methods: ["POST"], casing: "any" },
    "/api/Subjects/GetAll": { methods: ["GET"], casing: "any" },
    "/api/TestAttempts/AllowTestAttempt": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/TestAttempts/Answer": { methods: ["POST"], casing: "any", lane: "direct", answering: true },
    "/api/TestAttempts/Appeals": { methods: ["GET", "POST"], casing: "any" },
    "/api/TestAttempts/CheckPinCode": { methods: ["POST"], casing: "any" },
    "/api/TestAttempts/Events": { methods: ["GET"], casing: "any", lane: "direct", stream: true, answering: true },
    "/api/TestAttempts/Finish": { methods: ["POST"], casing: "any", lane: "direct", answering: true },
    "/api/TestAttempts/Get": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/TestAttempts/GetRemainingTime": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/TestAttempts/IsThereAttempt": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/TestAttempts/New": { methods: ["POST"], casing: "any", lane: "direct" },
    "/api/TestAttempts/Paper": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/TestAttempts/Result": { methods: ["GET"], casing: "any", lane: "direct" },
    "/api/[...unknown]": { methods: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
    "/api/admin/attempts/[attemptId]/end": { methods: ["POST"] },
    "/api/admin/attempts/[attemptId]/marks": { methods: ["GET"] },
    "/api/admin/attempts/[attemptId]/reset": { methods: ["POST"] },
    "/api/admin/audit": { methods: ["GET"] },
    "/api/admin/board": { methods: ["GET"] },
    "/api/admin/incidents/extra-time": { methods: ["POST"] },
    "/api/admin/notices/[noticeId]": { methods: ["DELETE"] },
    "/api/admin/notices": { methods: ["GET", "POST"] },
    "/api/admin/organisers/[userId]/password": { methods: ["POST"] },
    "/api/admin/organisers": { methods: ["GET", "POST"] },
    "/api/admin/payments/export": { methods: ["GET"] },
    "/api/admin/seasons/[seasonId]/registrations": { methods: ["POST"] },
    "/api/admin/seasons/[seasonId]": { methods: ["PUT"] },
    "/api/admin/seasons": { methods: ["GET", "POST"] },
    "/api/admin/pupils/[userId]/blocked": { methods: ["PUT"] },
    "/api/admin/pupils/[userId]/erase": { methods: ["POST"] },
    "/api/admin/pupils/[userId]/export": { methods: ["GET"] },
    "/api/admin/pupils/[userId]/extra-minutes": { methods: ["PUT"] },
    "/api/admin/pupils/[userId]/name": { methods: ["PUT"] },
    "/api/admin/pupils/[userId]/password": { methods: ["POST"] },
    "/api/admin/pupils/[userId]": { methods: ["GET"] },
    "/api/admin/pupils/[userId]/unlock": { methods: ["POST"] },
    "/api/admin/pupils/logins": { methods: ["GET"] },
    "/api/admin/pupils": { methods: ["GET"] },
    "/api/admin/questions/[questionId]": { methods: ["DELETE", "PUT"] },
    "/api/admin/questions/[questionId]/exposed": { methods: ["PUT"] },
    "/api/admin/questions/import": { methods: ["POST"] },
    "/api/admin/questions": { methods: ["GET"] },
    "/api/admin/questions/template": { methods: ["GET"] },
    "/api/admin/questions/upload": { methods: ["POST"] },
    "/api/admin/registrations/[guid]": { methods: ["GET"] },
    "/api/admin/registrations": { methods: ["GET"] },
    "/api/admin/rehearsals/[rehearsalId]": { methods: ["PUT", "DELETE"] },
    "/api/admin/rehearsals": { methods: ["POST", "GET"] },
    "/api/admin/results/export": { methods: ["GET"] },
    "/api/admin/results": { methods: ["GET"] },
    "/api/admin/screening/decisions": { methods: ["POST"] },
    "/api/admin/subjects/[subjectId]/test/close": { methods: ["POST"] },
    "/api/admin/subjects/[subjectId]/test": { methods: ["PUT"] },
    "/api/admin/tests/[testId]/appeals-close": { methods: ["PUT"] },
    "/api/admin/tests/[testId]/appeals": { methods: ["GET", "POST"] },
    "/api/admin/tests/[testId]/final": { methods: ["GET", "POST"] },
    "/api/admin/tests/[testId]/results-minute": { methods: ["PUT"] },
    "/api/admin/tests/[testId]/invitations": { methods: ["GET"] },
    "/api/admin/tests/[testId]/invitations/export": { methods: ["GET"] },
    "/api/admin/tests/[testId]/item-statistics/export": { methods: ["GET"] },
    "/api/admin/tests/[testId]/item-statistics": { methods: ["GET"] },
    "/api/admin/tests/[testId]/recompute": { methods: ["POST"] },
    "/api/admin/tests/[testId]/regrade": { methods: ["POST"] },
    "/api/admin/tests/[testId]/screening": { methods: ["POST"] },
    "/api/admin/tests": { methods: ["GET"] },
    "/api/bot/registration-links": { methods: ["POST"] },
    "/api/bot/registrations/[guid]": { methods: ["GET"] },
    "/api/bot/registrations/[guid]/invitation": { methods: ["POST"] },
    "/api/bot/events": { methods: ["GET"] },
    "/api/health": { methods: ["GET"], lane: "direct", door: "free" },
    "/api/metrics": { methods: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
    "/api/payments/click/complete": { methods: ["POST"] },
    "/api/payments/click/prepare": { methods: ["POST"] },
    "/api/payments/payme": { methods: ["POST", "GET", "PUT", "PATCH", "DELETE"] },
    "/api/payments/sandbox/checkout.js": { methods: ["GET"] },
    "/api/payments/sandbox/confirm": { methods: ["POST"] },
    "/api/test-support/certificates": { methods: ["POST", "GET", "PUT", "PATCH", "DELETE"] },
    "/api/test-support/clock": { methods: ["POST", "GET", "PUT", "PATCH", "DELETE"] },
    "/api/test-support/olympiads": { methods: ["POST", "GET", "PUT", "PATCH", "DELETE"] },
    "/api/test-support/profile": { methods: ["POST", "DELETE", "GET", "PUT", "PATCH"] },
    "/api/test-support/pupils": { methods: ["POST", "GET", "PUT", "PATCH", "DELETE"] },
  })
);

/**
 * The pages and the app's other routes outside /api (a certificate's preview picture, the messages'
 * scripts, the icon), as the address reads them (without route groups): the metric labels' rest.
 */
export const OTHER_ROUTES = /** @type {const} */ (["/cert/[username]/preview", "/i18n/[file]", "/favicon.ico"]);

export const PAGE_ROUTES = /** @type {const} */ ([
  "/",
  "/cert/[username]",
  "/lists/[hash]",
  "/login",
  "/register",
  "/register/[guid]",
  "/test-attempt",
  "/test-attempt/[id]",
  "/update-profile",
  "/offline-shell",
  "/test-support/render-error",
  "/admin",
  "/admin/audit",
  "/admin/incidents",
  "/admin/organisers",
  "/admin/payments",
  "/admin/pupils",
  "/admin/pupils/[userId]",
  "/admin/questions",
  "/admin/registrations",
  "/admin/registrations/[guid]",
  "/admin/rehearsal",
  "/admin/seasons",
  "/admin/results",
  "/admin/tests",
  "/admin/tests/pins",
  "/admin/tests/[testId]/appeals",
  "/admin/tests/[testId]/invitations",
  "/admin/tests/[testId]/items",
  "/admin/tests/[testId]/preview",
  "/admin/tests/[testId]/protocol",
  "/admin/tests/[testId]/screening",
  "/admin/tests/[testId]/screening/[pair]",
]);

/** @typedef {typeof API_ROUTES} ApiRoutes */
/** @typedef {keyof ApiRoutes} ApiPath */
/** @typedef {{ [P in ApiPath]: ApiRoutes[P] extends { lane: "direct" } ? P : never }[ApiPath]} DirectPath */
/**
 * @template {ApiPath} P
 * @typedef {ApiRoutes[P]["methods"][number]} MethodOf
 */

/** @type {[string, ApiRoute][]} */
const entries = Object.entries(API_ROUTES);

/** The direct lane's calls with their methods. */
export const DIRECT_ROUTE_METHODS = /** @type {{ [P in DirectPath]: ApiRoutes[P]["methods"] }} */ (
  Object.fromEntries(entries.filter(([, route]) => route.lane === "direct").map(([path, route]) => [path, route.methods]))
);

const fixedPaths = entries.filter(([path]) => !path.includes("["));
/** The spec's paths by their lower case, and our own fixed paths, each in its one casing. */
const anyCasing = new Map(
  fixedPaths.filter(([, route]) => route.casing === "any").map(([path, route]) => [path.toLowerCase(), { path, route }]),
);
const oneCasing = new Map(fixedPaths.filter(([, route]) => route.casing !== "any"));

/**
 * The fixed route a request path names, in any casing where the route allows it.
 * @param {string} urlPath
 * @returns {ApiRoute | undefined}
 */
export function fixedRoute(urlPath) {
  return oneCasing.get(urlPath) ?? anyCasing.get(urlPath.toLowerCase())?.route;
}

/**
 * The canonical path for a request path in another casing (or with a trailing slash), if it is
 * one of the spec's.
 * @param {string} pathname
 * @returns {string | undefined}
 */
export function canonicalApiPath(pathname) {
  const canonical = anyCasing.get(pathname.replace(/\/+$/, "").toLowerCase())?.path;
  return canonical !== pathname ? canonical : undefined;
}

/**
 * What a table of handlers lacks: each "METHOD path" of the direct lane that has no function in it.
 * @param {Partial<Record<string, Partial<Record<string, unknown>>>> | null} table
 * @returns {string[]}
 */
export function missingDirectRoutes(table) {
  return Object.entries(DIRECT_ROUTE_METHODS).flatMap(([path, methods]) =>
    methods.filter((method) => typeof table?.[path]?.[method] !== "function").map((method) => `${method} ${path}`),
  );
}

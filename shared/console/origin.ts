// Where the organiser came to a test's own pages (its item statistics, screening, evidence,
// appeals, protocol) from: the Tests page, or the test's results. Both lead there; the page's back
// link and the menu's highlighted item follow the way in. A link from the results carries
// `?from=results`, and each page passes it on to the next; without it the way in is the Tests page.
export type Origin = "tests" | "results";

/** The origin a page's `from` search parameter names (anything else: the Tests page). */
export const originOf = (from: unknown): Origin => (from === "results" ? "results" : "tests");

/** `href` with the origin carried on (nothing added for the Tests page, the default). */
export function withOrigin(href: string, origin: Origin): string {
  return origin === "tests" ? href : `${href}${href.includes("?") ? "&" : "?"}from=${origin}`;
}

/** The menu's item a test's page belongs to, for its origin. */
export const originSection = (origin: Origin): string => (origin === "results" ? "/admin/results" : "/admin/tests");

/** Where a test's page leads back to: the same test's results, or the Tests page. */
export const backHref = (origin: Origin, testId: number): string =>
  origin === "results" ? `/admin/results?testId=${testId}` : "/admin/tests";

// Every API route with the auth its handler declares, read from the domains' API tables
// (lib/<domain>/api.ts: `"/api/…": { METHOD: handler({ auth: "…" …`, as the formatter lays them
// out), so a role matrix derived from it covers a new route the day it is added. Dynamic segments
// get an id nobody has.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type DeclaredRoute = { method: string; path: string; auth: string; file: string };

const LIB = path.resolve("lib"); // the suites run from the project's root
/** A route's entry in its table: its path, then its methods until the next entry. */
const ENTRY = /^ {2}"(\/api\/[^"]+)": \{([\s\S]*?)(?=^ {2}"\/api\/|^\} satisfies)/gm;
const DECLARED = /\b(GET|POST|PUT|PATCH|DELETE): handler\(\s*\{\s*auth:\s*"(\w+)"/g;
const GUID = "00000000-0000-4000-8000-000000000002";

function segmentValue(segment: string): string {
  if (!segment.startsWith("[")) return segment;
  return segment === "[guid]" ? GUID : "999999";
}

export function declaredRoutes(): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const domain of readdirSync(LIB)) {
    const file = path.join(LIB, domain, "api.ts");
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const [, route, body] of text.matchAll(ENTRY)) {
      if (route.includes("[...")) continue;
      const url = route.split("/").map(segmentValue).join("/");
      for (const [, method, auth] of body.matchAll(DECLARED)) routes.push({ method, path: url, auth, file: `lib/${domain}/api.ts` });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * Every page of the organiser's console, as its route (app/admin/**\/page.tsx: "/admin",
 * "/admin/tests/[testId]/items", …), read from the folders, so a check of every page covers a new
 * one the day it is added.
 */
export function consolePages(): string[] {
  const ADMIN = path.resolve("app/admin");
  return readdirSync(ADMIN, { recursive: true })
    .map(String)
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment));
      return ["/admin", ...segments].join("/");
    })
    .sort();
}

// Every API route with the auth its handler declares, read from the route files themselves
// (app/api/**/route.ts: `export const METHOD = handler({ auth: "…" …`), so a role matrix derived from
// it covers a new route the day it is added. Dynamic segments get an id nobody has.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type DeclaredRoute = { method: string; path: string; auth: string; file: string };

const API = path.resolve("app/api"); // the suites run from the project's root
const DECLARED = /export const (GET|POST|PUT|PATCH|DELETE) = handler\(\s*\{\s*auth:\s*"(\w+)"/g;
const GUID = "00000000-0000-4000-8000-000000000002";

function segmentValue(segment: string): string {
  if (!segment.startsWith("[")) return segment;
  return segment === "[guid]" ? GUID : "999999";
}

export function declaredRoutes(): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const file of readdirSync(API, { recursive: true }).map(String)) {
    if (path.basename(file) !== "route.ts" || file.includes("[...")) continue;
    const text = readFileSync(path.join(API, file), "utf8");
    const url = `/api/${path.dirname(file).split(path.sep).map(segmentValue).join("/")}`;
    for (const [, method, auth] of text.matchAll(DECLARED)) routes.push({ method, path: url, auth, file: `app/api/${file}` });
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

// The HTTP layer: API paths answer in any casing; the client's messages and retry policy (spec §8).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIRECT_ROUTE_METHODS, missingDirectRoutes } from "@/lib/api/direct-paths.mjs";
import { directRoutes } from "@/lib/api/direct-routes";
import { API_PATHS, canonicalApiPath } from "@/lib/http/api-paths";
import { ApiError, retryDelay, shouldRetry, statusMessage } from "@/shared/http/client";

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

describe("every route declares who may call it", () => {
  const KINDS = "public|signedIn|pupil|organiser|pupilToken|bot|testSupport|metrics";
  const files = routeFiles(path.resolve("app/api"));

  const direct = new Set(Object.keys(DIRECT_ROUTE_METHODS).map((p) => path.resolve(`app${p}/route.ts`)));
  it.each(files.filter((f) => !direct.has(f)).map((f) => [path.relative(path.resolve("app/api"), f), f]))(
    "%s goes through the wrapper with its auth",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      // No hand-written method: every exported one is made by handler() or notServed().
      expect(source).not.toMatch(/export (async )?function (GET|POST|PUT|PATCH|DELETE)\b/);
      const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\s*=\s*(\w+)\(/g)];
      for (const [, , maker] of methods) expect(["handler", "notServed"]).toContain(maker);
      expect(source).toMatch(new RegExp(`(auth: "(${KINDS})"|notServed\\("(${KINDS})"\\))`));
    },
  );
});

describe("API paths are case-insensitive", () => {
  it("every spec-style (PascalCase) route is known to the middleware", () => {
    const apiDir = path.resolve("app/api");
    const pascal = routeFiles(apiDir)
      .map((f) => `/api/${path.relative(apiDir, path.dirname(f)).split(path.sep).join("/")}`)
      .filter((p) => /^\/api\/[A-Z]/.test(p));
    expect(pascal.sort()).toEqual([...API_PATHS].sort());
  });

  it("the middleware's matcher skips exactly the canonical paths", () => {
    const source = readFileSync(path.resolve("middleware.ts"), "utf8");
    const skipped = /\(\?!api\/\(\?:([^)]*)\)\$\)/.exec(source)?.[1].split("|") ?? [];
    expect(skipped.sort()).toEqual([...API_PATHS.map((p) => p.slice("/api/".length)), "health"].sort());
  });

  it("the calls the front door hands straight to their handlers are canonical paths whose route serves the table's own handlers", async () => {
    expect(missingDirectRoutes(directRoutes)).toEqual([]);
    for (const [urlPath, methods] of Object.entries(DIRECT_ROUTE_METHODS)) {
      expect([...API_PATHS, "/api/health"]).toContain(urlPath);
      const route = await import(path.resolve(`app${urlPath}/route.ts`));
      const table = directRoutes[urlPath as keyof typeof directRoutes] as Record<string, unknown>;
      for (const method of methods) expect(route[method], `${method} ${urlPath}`).toBe(table[method]);
      // Nothing else: a method the table lacks would be served by Next alone.
      expect(Object.keys(route).filter((name) => /^[A-Z]+$/.test(name))).toEqual([...methods]);
    }
  });

  it("a table without a listed call's handler is refused, naming it", () => {
    const { "/api/TestAttempts/Answer": _, ...withoutAnswer } = directRoutes;
    expect(missingDirectRoutes(withoutAnswer)).toEqual(["POST /api/TestAttempts/Answer"]);
    expect(missingDirectRoutes({ ...directRoutes, "/api/health": {} })).toEqual(["GET /api/health"]);
    expect(missingDirectRoutes(null)).toHaveLength(Object.values(DIRECT_ROUTE_METHODS).flat().length);
  });

  it("maps any casing onto the canonical path, and leaves the canonical one alone", () => {
    expect(canonicalApiPath("/api/registration/getregisterstatus")).toBe("/api/Registration/GetRegisterStatus");
    expect(canonicalApiPath("/API/REGIONS/GETALL/")).toBe("/api/Regions/GetAll");
    expect(canonicalApiPath("/api/Regions/GetAll")).toBeUndefined();
    expect(canonicalApiPath("/api/unknown/thing")).toBeUndefined();
  });
});

describe("the client fetch layer's messages", () => {
  it.each([
    [403, "Sizda ushbu amalni bajarish uchun ruxsat yo'q."],
    [404, "Serverda so'ralgan ma'lumot topilmadi."],
    [422, "Kiritilgan ma'lumotlarda xatolik bor."],
    [429, "Ko'p marta urinish amalga oshirildi. Iltimos keyinroq qayta urinib ko'ring."],
    [500, "Serverda xatolik yuz berdi. Iltimos keyinroq urinib ko'ring."],
    [502, "Server yangilandi. Iltimos qaytadan urinib ko'ring."],
    [503, "Server bilan bog'lanishda xatolik yuz berdi. Iltimos internetingizni tekshirib qaytadan urinib ko'ring."],
    [418, "Serverda qandaydir xatolik yuz berdi. Iltimos qaytadan urinib ko'ring. (Xatolik kodi: 418)"],
  ])("status %i", (status, message) => {
    expect(statusMessage(status)).toBe(message);
  });
});

describe("the read retry policy", () => {
  it("retries our own errors at most 3 times, never 404 or foreign errors", () => {
    expect(shouldRetry(0, new ApiError(500, "x"))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, "x"))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, "x"))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, "x"))).toBe(false);
    expect(shouldRetry(0, new TypeError("x"))).toBe(false);
  });

  it("waits attempt number × 10 s", () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([10_000, 20_000, 30_000]);
  });
});

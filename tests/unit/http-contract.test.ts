// The HTTP layer: API paths answer in any casing; the client's messages and retry policy (spec §8).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { directRoutes } from "@/lib/api/direct-routes";
import type { RouteMethod } from "@/lib/api/handler";
import { API_HANDLERS } from "@/lib/api/handlers";
import {
  API_ROUTES,
  canonicalApiPath,
  DIRECT_ROUTE_METHODS,
  fixedRoute,
  missingDirectRoutes,
  OTHER_ROUTES,
  PAGE_ROUTES,
} from "@/lib/api/routes.mjs";
import { routeLabels } from "@/lib/metrics.mjs";
import { ApiError, retryDelay, shouldRetry, statusMessage } from "@/shared/http/client";

function routeFiles(dir: string, name = "route.ts"): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full, name);
    return entry === name ? [full] : [];
  });
}

/** The address a route file or page answers at: its folders, without route groups. */
function addressOf(file: string): string {
  const folders = path.relative(path.resolve("app"), path.dirname(file)).split(path.sep);
  return `/${folders.filter((folder) => folder !== "" && !/^\(.*\)$/.test(folder)).join("/")}`;
}

describe("every route file re-exports its domain's handlers, each declaring who may call it", () => {
  const KINDS = ["public", "signedIn", "pupil", "organiser", "pupilToken", "bot", "testSupport", "metrics"];
  const files = routeFiles(path.resolve("app/api"));
  it.each(files.map((file) => [addressOf(file), file]))("%s", async (address, file) => {
    // The import of its domain's table, Next's route setting where it has one, and the re-export.
    const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const shape = new RegExp(
      `^import \\{ (\\w+Api) \\} from "@/lib/[\\w-]+/api";\\n\\n(export const dynamic = "force-dynamic";\\n\\n)?export const \\{ [A-Z, ]+ \\} = \\1\\["${escaped}"\\];\\n$`,
    );
    expect(readFileSync(file, "utf8")).toMatch(shape);
    const route = await import(file);
    const handlers = API_HANDLERS[address as keyof typeof API_HANDLERS] as Record<string, RouteMethod>;
    for (const [method, served] of Object.entries(handlers)) {
      expect(route[method], `${method} ${address}`).toBe(served);
      // Made by handler() or notServed(), which check who may call before anything else.
      expect(KINDS, `${method} ${address}`).toContain(served.auth);
    }
  });
});

describe("the domains' API tables", () => {
  const tables = readdirSync(path.resolve("lib")).flatMap((domain) => {
    const file = path.resolve("lib", domain, "api.ts");
    return statSync(path.resolve("lib", domain)).isDirectory() && readdirSync(path.resolve("lib", domain)).includes("api.ts")
      ? [[domain, file]]
      : [];
  });
  it.each(tables)("lib/%s/api.ts declares no request schema of its own: they live in the domain's schema.ts", (_, file) => {
    expect(tables.length).toBeGreaterThan(15);
    expect(readFileSync(file, "utf8")).not.toMatch(/from "zod(\/mini)?"/);
  });
});

describe("the routes table", () => {
  it("names every route file under app/api with the methods it exports, and nothing else", async () => {
    const found: Record<string, string[]> = {};
    for (const file of routeFiles(path.resolve("app/api"))) {
      const route = await import(file);
      found[addressOf(file)] = Object.keys(route)
        .filter((name) => /^[A-Z]+$/.test(name))
        .sort();
    }
    const declared = Object.fromEntries(Object.entries(API_ROUTES).map(([address, route]) => [address, [...route.methods].sort()]));
    expect(declared).toEqual(found);
  });

  it("names every page under app/, and every route file outside app/api", () => {
    expect([...PAGE_ROUTES].sort()).toEqual(routeFiles(path.resolve("app"), "page.tsx").map(addressOf).sort());
    const outside = routeFiles(path.resolve("app")).filter((file) => !file.startsWith(path.resolve("app/api")));
    expect([...OTHER_ROUTES].filter((route) => route !== "/favicon.ico").sort()).toEqual(outside.map(addressOf).sort());
    // The icon is Next's metadata file, served at its own address.
    expect(existsSync(path.resolve("app/favicon.ico"))).toBe(true);
  });

  it("the spec's paths are the PascalCase ones", () => {
    for (const [address, route] of Object.entries(API_ROUTES)) {
      expect("casing" in route && route.casing === "any", address).toBe(/^\/api\/[A-Z]/.test(address));
    }
  });

  it("the middleware's matcher skips exactly the spec's paths and the direct lane", () => {
    const source = readFileSync(path.resolve("middleware.ts"), "utf8");
    const skipped = /\(\?!api\/\(\?:([^)]*)\)\$\)/.exec(source)?.[1].split("|") ?? [];
    const canonical = Object.entries(API_ROUTES)
      .filter(([, route]) => ("casing" in route && route.casing === "any") || ("lane" in route && route.lane === "direct"))
      .map(([address]) => address.slice("/api/".length));
    expect(skipped.sort()).toEqual(canonical.sort());
  });

  it("names each route's label, a made-up path none of its own", () => {
    const label = routeLabels();
    expect(label("/api/TestAttempts/Answer")).toBe("/api/TestAttempts/Answer");
    expect(label("/api/testattempts/answer/")).toBe("/api/TestAttempts/Answer");
    expect(label("/api/admin/tests/12/final")).toBe("/api/admin/tests/[testId]/final");
    expect(label("/api/admin/tests")).toBe("/api/admin/tests");
    expect(label("/admin/tests/pins")).toBe("/admin/tests/pins");
    expect(label("/admin/tests/7")).toBe("other");
    expect(label("/cert/%ED%A0%80")).toBe("/cert/[username]");
    expect(label("/api/zz-made-up/deeper/x1")).toBe("/api/[...unknown]");
    expect(label("/made-up-page")).toBe("other");
    expect(label("/")).toBe("/");
    expect(label("/_next/static/chunks/x.js")).toBe("static");
    expect(label("/i18n/ru.abc.js")).toBe("static");
    expect(label("/cert/pupil123/preview")).toBe("/cert/[username]/preview");
    expect(label("/favicon.ico")).toBe("/favicon.ico");
  });

  it("finds a fixed route in any casing only where the spec allows it", () => {
    expect(fixedRoute("/api/testattempts/events")).toMatchObject({ stream: true, answering: true });
    expect(fixedRoute("/api/TestAttempts/Answer")).toMatchObject({ answering: true });
    expect(fixedRoute("/API/IDENTITY/LOGIN")).toMatchObject({ door: "entry" });
    expect(fixedRoute("/api/health")).toMatchObject({ door: "free" });
    expect(fixedRoute("/API/HEALTH")).toBeUndefined();
    expect(fixedRoute("/api/admin/tests/[testId]/final")).toBeUndefined();
    expect(fixedRoute("/api/TestAttempts/Get")).not.toHaveProperty("answering");
  });

  it("the calls the front door hands straight to their handlers are served by their route files with the table's own handlers", async () => {
    expect(missingDirectRoutes(directRoutes)).toEqual([]);
    for (const [urlPath, methods] of Object.entries(DIRECT_ROUTE_METHODS)) {
      const route = await import(path.resolve(`app${urlPath}/route.ts`));
      const table = directRoutes[urlPath as keyof typeof directRoutes] as Record<string, unknown>;
      for (const method of methods) expect(route[method], `${method} ${urlPath}`).toBe(table[method]);
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

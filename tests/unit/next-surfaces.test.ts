// What the front door relies on of Next beyond its documented API (server/next-surfaces.mjs) was
// read off one version: an upgrade must read it again before this passes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routerStateOf } from "@/server/next-router-state.mjs";
import { NEXT_CHECKED, routerStateTaken } from "@/server/next-surfaces.mjs";

describe("the build", () => {
  it("is webpack's, not Turbopack's: next.config.ts's webpack hook has no Turbopack equivalent in next 15.5", async () => {
    // The hook adds Chrome's compile hints to the chunks a page starts with (a processAssets plugin)
    // and gives the modules every page loads one shared chunk (splitChunks); Turbopack takes
    // loaders (turbopack.rules) but no plugin and no chunking rules, so `next build --turbopack`
    // would drop both silently: the cheap phone's start would cost more, and no test would say so.
    const { default: config } = await import("@/next.config");
    expect(typeof config.webpack).toBe("function");
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
    expect(scripts.build).not.toContain("--turbo");
    expect(scripts.dev).not.toContain("--turbo");
  });

  it("writes our own artefacts to .build/, leaving .next/ to Next", async () => {
    const { workersDir } = await import("@/scripts/build-workers.mjs");
    const { BUILT_MESSAGES_DIR } = await import("@/lib/i18n/catalogues");
    const { BUILD_FOLDERS } = await import("@/server/static-files.mjs");
    const build = path.resolve(".build");
    for (const folder of [workersDir, BUILT_MESSAGES_DIR]) expect(path.relative(build, folder)).not.toMatch(/^\.\./);
    expect(BUILD_FOLDERS.find(({ prefix }) => prefix === "/i18n/")?.dir).toBe(BUILT_MESSAGES_DIR);
  });
});

describe("Next's undocumented surfaces", () => {
  it("were checked against the installed next", () => {
    const installed = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("next/package.json"), "utf8")).version;
    expect(installed, "read server/next-surfaces.mjs against the new next, then set NEXT_CHECKED").toBe(NEXT_CHECKED);
  });

  it("Next's reading of a router state takes Next's own and refuses what is none", () => {
    for (const path of ["/", "/login", "/admin/tests/3/appeals"]) expect(routerStateTaken(routerStateOf(path)), path).toBe(true);
    for (const state of ["garbage", "%7B", "[1]", "null"]) expect(routerStateTaken(state), state).toBe(false);
  });
});

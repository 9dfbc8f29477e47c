// What the front door relies on of Next beyond its documented API (server/next-surfaces.mjs) was
// read off one version: an upgrade must read it again before this passes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { NEXT_CHECKED, routerStateTaken } from "@/server/next-surfaces.mjs";

describe("Next's undocumented surfaces", () => {
  it("were checked against the installed next", () => {
    const installed = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("next/package.json"), "utf8")).version;
    expect(installed, "read server/next-surfaces.mjs against the new next, then set NEXT_CHECKED").toBe(NEXT_CHECKED);
  });

  it("Next's reading of a router state takes Next's own and refuses what is none", () => {
    expect(routerStateTaken(encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null, true])))).toBe(true);
    for (const state of ["garbage", "%7B", "[1]", "null"]) expect(routerStateTaken(state), state).toBe(false);
  });
});

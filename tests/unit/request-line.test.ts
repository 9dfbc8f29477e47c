// The front door's first look at a request (server/request-line.mjs): what it refuses before
// anything reads it further, and what it lets through.
import { describe, expect, it } from "vitest";
import { routerStateOf } from "@/server/next-router-state.mjs";
import { malformedRequest } from "@/server/request-line.mjs";

const well = { method: "GET", url: "/api/health", host: "olimpiada.uz" };

describe("the request line and Host", () => {
  it.each([["olimpiada.uz"], ["127.0.0.1:3210"], ["[::1]:3000"], ["app_1:8080"], ["LOCALHOST"], [undefined]])(
    "lets a request to %s through",
    (host) => {
      expect(malformedRequest({ ...well, host })).toBeNull();
    },
  );

  it.each([["x:99999"], ["a b"], ["["], ["host/path"], ["@evil"], [""], ["a:"], ["a:b"]])("refuses the Host %j with 400", (host) => {
    expect(malformedRequest({ ...well, host })).toBe(400);
  });

  it.each([["256.0.0.1"], ["09"], ["xn--a"], ["[1.2.3.4]"], ["1.2.3.4.5:80"], ["a.08"]])(
    "refuses the Host %j, which looks like one but no URL takes, with 400",
    (host) => {
      expect(malformedRequest({ ...well, host })).toBe(400);
      // Asked again (a host once taken is not parsed again): still refused.
      expect(malformedRequest({ ...well, host })).toBe(400);
    },
  );

  it("refuses a router state Next could not read with 400, and lets Next's own through", () => {
    expect(malformedRequest({ ...well, url: "/login", routerState: routerStateOf("/") })).toBeNull();
    for (const routerState of [
      "garbage",
      "%7B",
      "[1]",
      "null",
      "%E0%A4%A",
      JSON.stringify(["", {}, 3]),
      "x".repeat(40_001),
      ["%5B%5D", "%5B%5D"],
    ])
      expect(malformedRequest({ ...well, url: "/login", routerState }), String(routerState).slice(0, 20)).toBe(400);
  });

  it("refuses a target that is no path with 400", () => {
    expect(malformedRequest({ ...well, url: "*" })).toBe(400);
    expect(malformedRequest({ ...well, url: "http://olimpiada.uz/" })).toBe(400);
  });

  it("refuses a method no route has with 405", () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND", "FOO", "get", undefined]) expect(malformedRequest({ ...well, method })).toBe(405);
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(malformedRequest({ ...well, method })).toBeNull();
  });
});

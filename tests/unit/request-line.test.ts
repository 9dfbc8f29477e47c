// The front door's first look at a request (server/request-line.mjs): what it refuses before
// anything reads it further, and what it lets through.
import { describe, expect, it } from "vitest";
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

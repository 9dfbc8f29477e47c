// @ts-check
// Each request's id and its line: counted in the figures once its answer has gone (or the client
// went), with its duration, and written to the log with the route (never the raw path: a
// registration's link is its parent's key), the status, the time, and who and which attempt the
// app found it was about. The build's static files are counted but not logged (a page's dozen
// scripts would bury the lines that matter).
import { randomBytes } from "node:crypto";
import { log } from "../lib/log.mjs";
import { METHODS } from "./request-line.mjs";

/**
 * A request's id: short enough for a pupil to read out to support from the error page. Returned
 * as X-Request-Id and handed to the app (its pages show it; its lines carry it).
 */
export const newRequestId = () =>
  randomBytes(6)
    .toString("hex")
    .replace(/(.{4})(?=.)/g, "$1-");

/**
 * @param {import("../lib/metrics.mjs").Metrics} figures
 * @param {(path: string) => string} routeOf the route a path reaches (lib/metrics.mjs routeLabels)
 */
export function requestLog(figures, routeOf) {
  /**
   * Counts and logs the request when its answer has gone.
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse} response
   * @param {string} urlPath
   * @param {import("../lib/log.mjs").RequestContext} context
   */
  return function measured(request, response, urlPath, context) {
    const started = performance.now();
    response.once("close", () => {
      const method = request.method && METHODS.has(request.method) ? request.method : "OTHER";
      const status = response.headersSent ? String(response.statusCode) : "gone";
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(urlPath);
      figures.requests.observe({ route, method, status }, seconds);
      if (urlPath.startsWith("/_next/static/")) return;
      const { requestId, ...found } = context;
      log().info(
        { requestId, method, route, status: response.headersSent ? response.statusCode : null, ms: Math.round(seconds * 1000), ...found },
        "request",
      );
    });
  };
}

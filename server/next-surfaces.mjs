// @ts-check
// What the front door relies on of Next that Next does not document, in one place, read off the
// version NEXT_CHECKED (a unit test fails when the installed next is another): a production server
// runs the app's start (instrumentation.ts) on its first request, not when prepared
// (vercel/next.js#59999); and Next's reading of a page's router state lives in a private module.
import { createServer } from "node:http";
import { createRequire } from "node:module";

/** The version of next these surfaces were checked against. */
export const NEXT_CHECKED = "15.5.29";

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */

/**
 * Starts the app before the server listens: one health check of our own, through Next's request
 * handler on a loopback port of its own, is its first request. Throws when the app did not start;
 * then `then` runs on the same port (the offline shells are rendered there), and its answer is returned.
 * @template T
 * @param {(request: IncomingMessage, response: ServerResponse) => Promise<void>} handle
 * @param {(origin: string) => Promise<T>} then
 * @returns {Promise<T>}
 */
export async function startApp(handle, then) {
  const first = createServer((request, response) => void handle(request, response));
  // Exclusive: a worker of APP_PROCESSES binds this port itself, never shares it with the others.
  await new Promise((resolve) => first.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => resolve(undefined)));
  try {
    const address = /** @type {import("node:net").AddressInfo} */ (first.address());
    const answered = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    await answered.arrayBuffer();
    if (!answered.ok) throw new Error(`The app did not start: its health check answered ${answered.status}.`);
    return await then(`http://127.0.0.1:${address.port}`);
  } finally {
    first.close();
    first.closeAllConnections();
  }
}

/** Next's own reading of the router state, so that what the front door lets pass is what Next takes. */
const { parseAndValidateFlightRouterState } = createRequire(import.meta.url)(
  "next/dist/server/app-render/parse-and-validate-flight-router-state.js",
);

/**
 * Whether Next reads a page's `Next-Router-State-Tree` as a router state.
 * @param {string} state
 */
export function routerStateTaken(state) {
  try {
    parseAndValidateFlightRouterState(state);
    return true;
  } catch {
    return false;
  }
}

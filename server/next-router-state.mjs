// @ts-check
// Next's router state as its browser router sends it (a surface of server/next-surfaces.mjs, checked
// with its version: tests/unit/next-surfaces.test.ts).
/**
 * The `Next-Router-State-Tree` a browser on `path` sends with its next navigation: the tree of the
 * layouts it holds, one segment each, down to the page (Next's FlightRouterState: segment, children,
 * url, refresh, and true at the root layout). For the suites that speak to Next as its router does.
 * @param {string} path
 */
export function routerStateOf(path) {
  /** @type {unknown[]} */
  let tree = ["__PAGE__", {}];
  for (const segment of path.split("/").filter(Boolean).reverse()) tree = [segment, { children: tree }];
  return encodeURIComponent(JSON.stringify(["", { children: tree }, null, null, true]));
}

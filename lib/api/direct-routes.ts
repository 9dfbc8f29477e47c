// The handlers of the calls the front door serves straight (lane "direct" in lib/api/routes.mjs),
// taken from their domains' tables: the very functions their route files re-export, so Next
// serves the same code under another casing. instrumentation.ts hands this table to the front
// door (lib/process-state.mjs) at start.
import "server-only";
import { attemptsApi } from "@/lib/attempts/api";
import { identityApi } from "@/lib/identity/api";
import { operationsApi } from "@/lib/operations/api";
import type { ApiHandlers, RouteMethod } from "./handler";
import { DIRECT_ROUTE_METHODS, type DirectPath, type MethodOf } from "./routes.mjs";

type Table = { [P in DirectPath]: { [M in MethodOf<P>]: RouteMethod } };

// Every direct call's domain is here, or tsc says which is missing.
const domains = { ...attemptsApi, ...identityApi, ...operationsApi } satisfies Required<Pick<ApiHandlers, DirectPath>>;

export const directRoutes = Object.fromEntries(
  Object.keys(DIRECT_ROUTE_METHODS).map((path) => [path, domains[path as DirectPath]]),
) as Table;

// The operations calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler, notServed } from "@/lib/api/handler";
import { health } from "@/lib/operations/health";
import { scrape } from "@/lib/operations/metrics";

const absent = notServed("metrics");

export const operationsApi = {
  // For load balancers (and the benchmark's floor): the app answers without asking the database,
  // and says 503 while this process has found it away (lib/db/availability.mjs).
  "/api/health": { GET: handler({ auth: "public", withoutDatabase: true }, () => health()) },
  // The operator's live figures in Prometheus's format, behind METRICS_TOKEN.
  "/api/metrics": {
    GET: handler({ auth: "metrics" }, () => scrape()),
    POST: absent,
    PUT: absent,
    PATCH: absent,
    DELETE: absent,
  },
} satisfies ApiHandlers;

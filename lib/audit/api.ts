// The audit calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { listActions } from "@/lib/audit/rows";
import { pageQuery } from "@/lib/validation/queries";

export const auditApi = {
  "/api/admin/audit": {
    GET: handler({ auth: "organiser", query: pageQuery }, ({ query }) => listActions(query)),
  },
} satisfies ApiHandlers;

// The rehearsal calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { createRehearsal, lastRehearsal, removeRehearsal, reportRehearsal } from "@/lib/rehearsal/rehearsal";
import { rehearsalCreateSchema, rehearsalIdParams, rehearsalReportSchema } from "@/lib/rehearsal/schema";

export const rehearsalApi = {
  "/api/admin/rehearsals/[rehearsalId]": {
    // The script's figures, for the console's page.
    PUT: handler({ auth: "organiser", params: rehearsalIdParams, body: rehearsalReportSchema }, ({ body, params }) =>
      reportRehearsal({ rehearsalId: params.rehearsalId, report: body }),
    ),
    // Its pupils, attempts, test, bank and subject go; its figures stay.
    DELETE: handler({ auth: "organiser", params: rehearsalIdParams }, ({ params, user }) =>
      removeRehearsal({ rehearsalId: params.rehearsalId, organiserId: user.id }),
    ),
  },
  "/api/admin/rehearsals": {
    // `npm run ops:rehearsal`: `{ pupils, opensInSeconds }` makes the rehearsal's test and synthetic pupils.
    POST: handler({ auth: "organiser", body: rehearsalCreateSchema }, ({ body, user }) =>
      createRehearsal({ organiserId: user.id, ...body }),
    ),
    GET: handler({ auth: "organiser" }, () => lastRehearsal()),
  },
} satisfies ApiHandlers;

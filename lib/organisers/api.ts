// The organisers calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { createOrganiser, listOrganisers, resetOrganiserPassword } from "@/lib/organisers/organisers";
import { userIdParams } from "@/lib/validation/queries";
import { organiserSchema } from "@/shared/organisers/schema";
import { reasonSchema } from "@/shared/validation/reason";

export const organisersApi = {
  "/api/admin/organisers/[userId]/password": {
    // The head organiser only: `{ reason }` → `{ password }` (shown once).
    POST: handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ params, body, user }) =>
      resetOrganiserPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
    ),
  },
  "/api/admin/organisers": {
    GET: handler({ auth: "organiser" }, async () => ({ items: await listOrganisers() })),
    // A new organiser (the head organiser only): `{ username, firstName, lastName, reason }` →
    // `{ userId, username, password }` (shown once).
    POST: handler({ auth: "organiser", body: organiserSchema }, ({ body, user }) => createOrganiser({ organiserId: user.id, input: body })),
  },
} satisfies ApiHandlers;

// The seasons calls' handlers: each route file under app/api re-exports its entry, and the routes
// table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { createSeason, listSeasons, takeRegistrations, updateSeason } from "@/lib/seasons/console";
import { seasonIdParams } from "@/lib/validation/queries";
import { seasonSchema } from "@/shared/seasons/schema";
import { reasonSchema } from "@/shared/validation/reason";

export const seasonsApi = {
  "/api/admin/seasons/[seasonId]/registrations": {
    // `{ reason }`: this season takes registrations from now, no other.
    POST: handler({ auth: "organiser", params: seasonIdParams, body: reasonSchema }, async ({ params, body, user }) => {
      await takeRegistrations({ organiserId: user.id, seasonId: params.seasonId, reason: body.reason });
      return { seasonId: params.seasonId };
    }),
  },
  "/api/admin/seasons/[seasonId]": {
    // The season form's settings with a reason → `{ offerVersion }` (a new one when the period or fee changed).
    PUT: handler({ auth: "organiser", params: seasonIdParams, body: seasonSchema }, ({ params, body, user }) =>
      updateSeason({ organiserId: user.id, seasonId: params.seasonId, input: body }),
    ),
  },
  "/api/admin/seasons": {
    GET: handler({ auth: "organiser" }, async () => ({ items: await listSeasons() })),
    POST: handler({ auth: "organiser", body: seasonSchema }, ({ body, user }) => createSeason({ organiserId: user.id, input: body })),
  },
} satisfies ApiHandlers;

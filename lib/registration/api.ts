// The registration calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { registrationEdits, registrationSubmissions } from "@/lib/registration/register-limit";
import { getRegisterStatus, register } from "@/lib/registration/registration";
import { guidParams, registrationsQuery } from "@/lib/registration/schema";
import { registrationDetail, searchRegistrations } from "@/lib/registration/search";
import { consoleSeason } from "@/lib/seasons/console-season";
import { registerSchema, registerStatusQuery } from "@/shared/registration/schema";

export const registrationApi = {
  "/api/Registration/GetRegisterStatus": {
    GET: handler({ auth: "public", query: registerStatusQuery }, ({ query }) => getRegisterStatus(query)),
  },
  "/api/Registration/Register": {
    POST: handler(
      {
        auth: "public",
        limit: { limiter: registrationSubmissions, per: "address" },
        limitPerBody: { limiter: registrationEdits, key: (body) => body.guid },
        body: registerSchema,
      },
      ({ body, clientAddress }) => register(body, { clientAddress }),
    ),
  },
  "/api/admin/registrations/[guid]": {
    GET: handler({ auth: "organiser", params: guidParams }, ({ params }) => registrationDetail({ guid: params.guid.toLowerCase() })),
  },
  "/api/admin/registrations": {
    GET: handler({ auth: "organiser", query: registrationsQuery }, async ({ query }) =>
      searchRegistrations({ ...query, seasonId: (await consoleSeason()).seasonId }),
    ),
  },
} satisfies ApiHandlers;

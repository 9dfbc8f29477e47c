// The pupils calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { erasePupil, exportPupilData } from "@/lib/personal-data/personal-data";
import { erasePupilSchema } from "@/lib/personal-data/schema";
import { renamePupil, resetPupilPassword, setExtraMinutes, setPupilBlocked, unlockPupil } from "@/lib/pupils/acts";
import { loginsWorkbook } from "@/lib/pupils/logins";
import { pupilDetail, searchPupils } from "@/lib/pupils/pupils";
import { blockedSchema, loginsQuery, pupilsQuery } from "@/lib/pupils/schema";
import { consoleSeason } from "@/lib/seasons/console-season";
import { userIdParams } from "@/lib/validation/queries";
import { extraMinutesSchema, pupilNameSchema } from "@/shared/pupils/schema";
import { reasonSchema } from "@/shared/validation/reason";

export const pupilsApi = {
  "/api/admin/pupils/[userId]/blocked": {
    // The organiser blocks or unblocks a pupil, saying why: `{ blocked, reason }`.
    PUT: handler({ auth: "organiser", params: userIdParams, body: blockedSchema }, ({ body, params, user }) =>
      setPupilBlocked({ organiserId: user.id, userId: params.userId, ...body }),
    ),
  },
  "/api/admin/pupils/[userId]/erase": {
    // `{ confirmUsername, reason }`: the pupil's personal data erased; an anonymous row keeps the results.
    POST: handler({ auth: "organiser", params: userIdParams, body: erasePupilSchema }, ({ body, params, user }) =>
      erasePupil({ organiserId: user.id, userId: params.userId, ...body }),
    ),
  },
  "/api/admin/pupils/[userId]/export": {
    // Everything kept about one pupil, as a JSON file for the family (audited).
    GET: handler({ auth: "organiser", params: userIdParams }, async ({ params, user }) => {
      const data = await exportPupilData({ organiserId: user.id, userId: params.userId });
      const name = `pupil-${params.userId}.json`;
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": attachment(name, name),
          "Cache-Control": "no-store",
        },
      });
    }),
  },
  "/api/admin/pupils/[userId]/extra-minutes": {
    // `{ minutes, reason }`: a running attempt's deadline moves at once.
    PUT: handler({ auth: "organiser", params: userIdParams, body: extraMinutesSchema }, ({ body, params, user }) =>
      setExtraMinutes({ organiserId: user.id, userId: params.userId, ...body }),
    ),
  },
  "/api/admin/pupils/[userId]/name": {
    // Corrects the pupil's name (the certificate's): `{ firstName, lastName, middleName?, reason }`.
    PUT: handler({ auth: "organiser", params: userIdParams, body: pupilNameSchema }, ({ body, params, user }) => {
      const { reason, ...names } = body;
      return renamePupil({ organiserId: user.id, userId: params.userId, reason, names });
    }),
  },
  "/api/admin/pupils/[userId]/password": {
    // A new password, shown once to the organiser: `{ reason }` → `{ password }`.
    POST: handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ body, params, user }) =>
      resetPupilPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
    ),
  },
  "/api/admin/pupils/[userId]": {
    GET: handler({ auth: "organiser", params: userIdParams }, ({ params }) => pupilDetail({ userId: params.userId })),
  },
  "/api/admin/pupils/[userId]/unlock": {
    // Lifts a sign-in lock (wrong passwords) at once: `{ reason }`.
    POST: handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ body, params, user }) =>
      unlockPupil({ organiserId: user.id, userId: params.userId, reason: body.reason }),
    ),
  },
  "/api/admin/pupils/logins": {
    // A district's (or one school's) logins and passwords as XLSX, school by school; audited.
    GET: handler({ auth: "organiser", query: loginsQuery }, async ({ query, user }) => {
      const { fileName, data } = await loginsWorkbook({ organiserId: user.id, ...query, season: await consoleSeason() });
      return new Response(data, {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": attachment(fileName, "loginlar.xlsx"),
          "Cache-Control": "no-store",
        },
      });
    }),
  },
  "/api/admin/pupils": {
    GET: handler({ auth: "organiser", query: pupilsQuery }, async ({ query }) =>
      searchPupils({ ...query, seasonId: (await consoleSeason()).seasonId }),
    ),
  },
} satisfies ApiHandlers;

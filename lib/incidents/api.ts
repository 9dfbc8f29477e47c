// The incidents calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { currentNotices, extendRunningAttempts, postNotice, withdrawNotice } from "@/lib/incidents/incidents";
import { noticeIdParams } from "@/lib/incidents/schema";
import { bulkExtraTimeSchema, noticeSchema } from "@/shared/incidents/schema";

export const incidentsApi = {
  "/api/admin/incidents/extra-time": {
    // `{ testId, regionId?, districtId?, minutes, reason }` → `{ attempts, minutes }`: every running
    // attempt of the test (of the region or district) gets the minutes, at once.
    POST: handler({ auth: "organiser", body: bulkExtraTimeSchema }, ({ body, user }) =>
      extendRunningAttempts({ organiserId: user.id, ...body }),
    ),
  },
  "/api/admin/notices/[noticeId]": {
    // Takes the notice down; the pages drop it at their next look.
    DELETE: handler({ auth: "organiser", params: noticeIdParams }, ({ params, user }) =>
      withdrawNotice({ organiserId: user.id, noticeId: params.noticeId }),
    ),
  },
  "/api/admin/notices": {
    // The notices up now; `{ uz, "uz-Cyrl"?, ru? }` posts one for every pupil's pages and /holat.
    GET: handler({ auth: "organiser" }, () => currentNotices()),
    POST: handler({ auth: "organiser", body: noticeSchema }, ({ body, user }) => postNotice({ organiserId: user.id, texts: body })),
  },
} satisfies ApiHandlers;

// The subject-tests calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { consoleSeason } from "@/lib/seasons/console-season";
import { closeTestSchema, subjectIdParams } from "@/lib/subject-tests/schema";
import { closeTestNow, listTests, upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { testSettingsSchema } from "@/shared/subject-tests/schema";

export const subjectTestsApi = {
  "/api/admin/subjects/[subjectId]/test/close": {
    // "Hozir yopish": `{ confirmSubjectName, reason }` → the test, closed at the server's now.
    POST: handler({ auth: "organiser", params: subjectIdParams, body: closeTestSchema }, ({ body, params, user }) =>
      closeTestNow({ subjectId: params.subjectId, organiserId: user.id, ...body }),
    ),
  },
  "/api/admin/subjects/[subjectId]/test": {
    PUT: handler({ auth: "organiser", params: subjectIdParams, body: testSettingsSchema }, ({ body, params, user }) =>
      upsertSubjectTest({ subjectId: params.subjectId, settings: body, organiserId: user.id }),
    ),
  },
  "/api/admin/tests": {
    GET: handler({ auth: "organiser" }, async () => ({ items: await listTests({ seasonId: (await consoleSeason()).seasonId }) })),
  },
} satisfies ApiHandlers;

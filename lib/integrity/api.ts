// The integrity calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { decide } from "@/lib/integrity/decisions";
import { screenTestNow } from "@/lib/integrity/screening";
import { testIdParams } from "@/lib/subject-tests/schema";
import { decisionSchema } from "@/shared/integrity/schema";

export const integrityApi = {
  "/api/admin/screening/decisions": {
    POST: handler({ auth: "organiser", body: decisionSchema }, ({ body, user }) => decide({ organiserId: user.id, input: body })),
  },
  "/api/admin/tests/[testId]/screening": {
    POST: handler({ auth: "organiser", params: testIdParams }, ({ params, user }) =>
      screenTestNow({ testId: params.testId, organiserId: user.id }),
    ),
  },
} satisfies ApiHandlers;

// The appeals calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { appealWrites, appealWritesPerAddress } from "@/lib/appeals/appeal-limit";
import { appealsView, submitAppeal, testAppeals } from "@/lib/appeals/appeals";
import { setAppealsClose } from "@/lib/appeals/close";
import { decideAppeals } from "@/lib/appeals/decisions";
import { familyAppealsQuery } from "@/lib/appeals/schema";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { setResultsMinute } from "@/lib/final-list/minute";
import { invalidInput, notFound } from "@/lib/http/errors";
import { callLocaleNow } from "@/lib/i18n/server";
import { testIdParams } from "@/lib/subject-tests/schema";
import { appealsCloseSchema, decisionSchema, finaliseSchema, resultsMinuteSchema } from "@/shared/appeals/console";
import { appealSchema, parentAppealSchema } from "@/shared/appeals/schema";
import { fromTashkentText } from "@/shared/time";

export const appealsApi = {
  // The parent's appeals through the registration's link (not the spec's): its guid is the parent's secret.
  "/api/Registration/Appeals": {
    GET: handler({ auth: "public", query: familyAppealsQuery }, async ({ query }) => {
      const view = await appealsView({ guid: query.guid.toLowerCase() }, callLocaleNow(), now());
      if (!view) throw notFound();
      return view;
    }),
    POST: handler(
      {
        auth: "public",
        body: parentAppealSchema,
        limit: { limiter: appealWritesPerAddress, per: "address" },
        limitPerBody: { limiter: appealWrites, key: (body) => body.guid.toLowerCase() },
      },
      ({ body: { guid, ...appeal } }) => submitAppeal({ guid: guid.toLowerCase() }, appeal, callLocaleNow(), now()),
    ),
  },
  // The pupil's appeals (not the spec's): what the review and result pages show of them, and an appeal made or edited.
  "/api/TestAttempts/Appeals": {
    GET: handler({ auth: "pupil" }, async ({ user }) => (await appealsView({ userId: user.id }, callLocaleNow(), now())) ?? notFound()),
    POST: handler({ auth: "pupil", body: appealSchema, limit: { limiter: appealWrites, per: "user" } }, ({ user, body }) =>
      submitAppeal({ userId: user.id }, body, callLocaleNow(), now()),
    ),
  },
  "/api/admin/tests/[testId]/appeals-close": {
    PUT: handler({ auth: "organiser", params: testIdParams, body: appealsCloseSchema }, async ({ params, body, user }) => {
      const at = body.appealsCloseAt === null || body.appealsCloseAt.trim() === "" ? null : fromTashkentText(body.appealsCloseAt);
      if (at === null && body.appealsCloseAt !== null && body.appealsCloseAt.trim() !== "")
        throw invalidInput({ appealsCloseAt: ["Pattern"] });
      await setAppealsClose({
        organiserId: user.id,
        testId: params.testId,
        appealsCloseAt: at === null ? null : new Date(at),
        reason: body.reason,
        confirmEarlier: body.confirmEarlier,
      });
      return { ok: true };
    }),
  },
  "/api/admin/tests/[testId]/results-minute": {
    PUT: handler({ auth: "organiser", params: testIdParams, body: resultsMinuteSchema }, async ({ params, body, user }) => {
      const typed = body.resultsAt?.trim() ?? "";
      const at = typed === "" ? null : fromTashkentText(typed);
      if (at === null && typed !== "") throw invalidInput({ resultsAt: ["Pattern"] });
      await setResultsMinute({
        organiserId: user.id,
        testId: params.testId,
        resultsAt: at === null ? null : new Date(at),
        reason: body.reason,
        now: now(),
      });
      return { ok: true };
    }),
  },
  "/api/admin/tests/[testId]/appeals": {
    GET: handler({ auth: "organiser", params: testIdParams }, async ({ params }) => {
      const status = await listStatus(db, params.testId, now());
      if (!status) throw notFound();
      return { status, ...(await testAppeals(params.testId)) };
    }),
    POST: handler({ auth: "organiser", params: testIdParams, body: decisionSchema }, ({ params, body, user }) =>
      decideAppeals({ organiserId: user.id, testId: params.testId, input: body, now: now() }),
    ),
  },
  "/api/admin/tests/[testId]/final": {
    /** What the finalisation's confirmation shows: the counts and the hash of the list as it stands now. */
    GET: handler({ auth: "organiser", params: testIdParams }, ({ params }) => finalisePreview(params.testId, now())),
    POST: handler({ auth: "organiser", params: testIdParams, body: finaliseSchema }, ({ params, body, user }) =>
      finalise({ organiserId: user.id, testId: params.testId, expectedTopHash: body.expectedTopHash, reason: body.reason, now: now() }),
    ),
  },
} satisfies ApiHandlers;

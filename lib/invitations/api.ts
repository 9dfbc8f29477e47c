// The invitations' calls: the family's answer through its registration link, and the console's
// roster of a test with the camp's XLSX. Each route file under app/api re-exports its entry, and
// the routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { appealWrites, appealWritesPerAddress } from "@/lib/appeals/appeal-limit";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { registrationParams } from "@/lib/bot/schema";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { toXlsxStream } from "@/lib/final-list/files";
import { attachment } from "@/lib/http/attachment";
import { notFound } from "@/lib/http/errors";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { getRegisterStatus } from "@/lib/registration/registration";
import { testIdParams } from "@/lib/subject-tests/schema";
import { invitationAnswerSchema } from "@/shared/invitations/schema";
import { answerInvitation } from "./invitations";
import { roster, rosterTable } from "./roster";
import { invitationOf } from "./view";

/** The pupil of a registration link (404 for a link with none). */
async function pupilOf(guid: string): Promise<number> {
  const { userId } = await getRegisterStatus({ guid: guid.toLowerCase() });
  if (userId === null) throw notFound();
  return userId;
}

export const invitationsApi = {
  // The family's page: its pupil's invitation, and the answer (the link's guid is the family's secret).
  "/api/registrations/[guid]/invitation": {
    GET: handler({ auth: "public", params: registrationParams }, async ({ params }) => ({
      invitation: await invitationOf(db, await pupilOf(params.guid), now()),
    })),
    // The answers share the appeals' budget of a link's writes: a loop of them is held like any other.
    POST: handler(
      {
        auth: "public",
        params: registrationParams,
        body: invitationAnswerSchema,
        limit: { limiter: appealWritesPerAddress, per: "address" },
      },
      async ({ params, body }) => {
        await appealWrites.consume(params.guid.toLowerCase());
        const userId = await pupilOf(params.guid);
        return { invitation: await answerInvitation({ userId, answer: body.answer, via: "family", now: now() }) };
      },
    ),
  },
  "/api/admin/tests/[testId]/invitations": {
    GET: handler({ auth: "organiser", params: testIdParams }, ({ params }) => roster(params.testId, now())),
  },
  "/api/admin/tests/[testId]/invitations/export": {
    GET: handler({ auth: "organiser", params: testIdParams }, async ({ params, user }) => {
      const locale = callLocaleNow();
      // The parents' phones and the accommodation needs leave the console: who took them, and when, is kept.
      await recordAction(db, { organiserId: user.id, action: AuditAction.InvitationsExport, targetType: "test", targetId: params.testId });
      const table = rosterTable(await roster(params.testId, now()), locale, localNameIn(locale));
      return new Response(toXlsxStream(table), {
        headers: {
          "Content-Disposition": attachment(`lager-takliflari_${params.testId}.xlsx`, `lager-takliflari_${params.testId}.xlsx`),
          "Cache-Control": "no-store",
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        },
      });
    }),
  },
} satisfies ApiHandlers;

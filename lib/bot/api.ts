// The bot calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import { randomUUID } from "node:crypto";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { registrationLinkQuery, registrationParams } from "@/lib/bot/schema";
import { now } from "@/lib/clock";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { eventsAfter, eventsQuery } from "@/lib/family-events/cursor";
import { secondStageOf } from "@/lib/final-list/final";
import { notFound } from "@/lib/http/errors";
import { answerInvitation } from "@/lib/invitations/invitations";
import { invitationOf } from "@/lib/invitations/view";
import { registrationCredentials } from "@/lib/payments/service";
import { getRegisterStatus } from "@/lib/registration/registration";
import { invitationAnswerSchema } from "@/shared/invitations/schema";

export const botApi = {
  // The chat-bot asks for a new registration link for a parent; `?lang=uz|uz-Cyrl|ru` (the
  // language the parent chose in the chat) opens the registration page in it.
  "/api/bot/registration-links": {
    POST: handler({ auth: "bot", query: registrationLinkQuery }, ({ query }) => {
      const guid = randomUUID();
      const url = `${config().publicUrl}/register/${guid}`;
      return { guid, url: query.lang ? `${url}?lang=${query.lang}` : url };
    }),
  },
  // The chat-bot reads a registration: its status and, once paid, the pupil's username and password;
  // after the test, where the pupil stands for the second stage (null before an ended attempt): until
  // the list's minute, provisional with the minute announced.
  "/api/bot/registrations/[guid]": {
    GET: handler({ auth: "bot", params: registrationParams }, async ({ params }) => {
      const guid = params.guid.toLowerCase();
      const [status, credentials] = await Promise.all([getRegisterStatus({ guid }), registrationCredentials(guid)]);
      const at = now();
      const [stage, invitation] =
        status.userId === null ? [null, null] : await Promise.all([secondStageOf(status.userId, at), invitationOf(db, status.userId, at)]);
      return {
        ...status,
        ...credentials,
        secondStage: stage && {
          state: stage.state,
          since: stage.since.toISOString(),
          selected: stage.selected,
          announcedAt: stage.announcedAt?.toISOString() ?? null,
        },
        invitation,
      };
    }),
  },
  // The family's answer to the camp's invitation, given in the chat (refused as on the family's page).
  "/api/bot/registrations/[guid]/invitation": {
    POST: handler({ auth: "bot", params: registrationParams, body: invitationAnswerSchema }, async ({ params, body }) => {
      const { userId } = await getRegisterStatus({ guid: params.guid.toLowerCase() });
      if (userId === null) throw notFound();
      return { invitation: await answerInvitation({ userId, answer: body.answer, via: "bot", now: now() }) };
    }),
  },
  // The family events, for a bot that pulls: after its cursor, in order (docs/results-day.md).
  "/api/bot/events": {
    GET: handler({ auth: "bot", query: eventsQuery }, ({ query }) => eventsAfter(query)),
  },
} satisfies ApiHandlers;

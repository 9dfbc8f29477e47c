// The bot calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import { randomUUID } from "node:crypto";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { registrationLinkQuery, registrationParams } from "@/lib/bot/schema";
import { now } from "@/lib/clock";
import { config } from "@/lib/config";
import { secondStageOf } from "@/lib/final-list/final";
import { registrationCredentials } from "@/lib/payments/service";
import { getRegisterStatus } from "@/lib/registration/registration";

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
      const stage = status.userId === null ? null : await secondStageOf(status.userId, now());
      return {
        ...status,
        ...credentials,
        secondStage: stage && {
          state: stage.state,
          since: stage.since.toISOString(),
          selected: stage.selected,
          announcedAt: stage.announcedAt?.toISOString() ?? null,
        },
      };
    }),
  },
} satisfies ApiHandlers;

// The chat-bot reads a registration: its status and, once paid, the pupil's username and password.
import { z } from "zod";
import { requireBot } from "@/lib/bot/auth";
import { handler } from "@/lib/http/handler";
import { parseOrThrow } from "@/lib/http/errors";
import { registrationCredentials } from "@/lib/payments/service";
import { getRegisterStatus } from "@/lib/registration/registration";
import { uuid } from "@/lib/validation/fields";

const params = z.object({ guid: uuid });

export const GET = handler({ crossOrigin: true }, async ({ request, params: raw }) => {
  requireBot(request);
  const guid = parseOrThrow(params, raw).guid.toLowerCase();
  const [status, credentials] = await Promise.all([getRegisterStatus({ guid }), registrationCredentials(guid)]);
  return { ...status, ...credentials };
});

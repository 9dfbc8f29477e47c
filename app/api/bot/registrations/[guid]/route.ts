// The chat-bot reads a registration: its status and, once paid, the pupil's username and password.
import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { registrationCredentials } from "@/lib/payments/service";
import { getRegisterStatus } from "@/lib/registration/registration";
import { uuid } from "@/shared/validation/fields";

const params = z.object({ guid: uuid });

export const GET = handler({ auth: "bot", params }, async ({ params }) => {
  const guid = params.guid.toLowerCase();
  const [status, credentials] = await Promise.all([getRegisterStatus({ guid }), registrationCredentials(guid)]);
  return { ...status, ...credentials };
});

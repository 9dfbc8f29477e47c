import { handler } from "@/lib/http/handler";
import { setBlocked } from "@/lib/identity/users";
import { blockedSchema, userIdParams } from "@/lib/validation/organiser";

// The organiser blocks or unblocks a pupil: `{ blocked: true | false }`.
export const PUT = handler({ auth: "organiser", params: userIdParams, body: blockedSchema }, async ({ body, params }) => {
  await setBlocked({ userId: params.userId, blocked: body.blocked });
  return { userId: params.userId, blocked: body.blocked };
});

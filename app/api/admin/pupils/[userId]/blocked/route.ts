import { UserRole } from "@/db/schema";
import { parseOrThrow } from "@/lib/http/errors";
import { handler } from "@/lib/http/handler";
import { setBlocked } from "@/lib/identity/users";
import { blockedSchema, userIdParams } from "@/lib/validation/admin";

// The organiser blocks or unblocks a pupil: `{ blocked: true | false }`.
export const PUT = handler({ auth: [UserRole.Admin], body: blockedSchema }, async ({ body, params }) => {
  const { userId } = parseOrThrow(userIdParams, params);
  await setBlocked({ userId, blocked: body.blocked });
  return { userId, blocked: body.blocked };
});

import { handler } from "@/lib/api/handler";
import { resetPupilPassword } from "@/lib/organiser/pupils";
import { reasonSchema, userIdParams } from "@/lib/validation/organiser";

// A new password, shown once to the organiser: `{ reason }` → `{ password }`.
export const POST = handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ body, params, user }) =>
  resetPupilPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
);

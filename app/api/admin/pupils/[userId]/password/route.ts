import { handler } from "@/lib/api/handler";
import { resetPupilPassword } from "@/lib/pupils/acts";
import { userIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

// A new password, shown once to the organiser: `{ reason }` → `{ password }`.
export const POST = handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ body, params, user }) =>
  resetPupilPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
);

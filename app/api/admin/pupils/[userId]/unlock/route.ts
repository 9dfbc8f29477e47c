import { handler } from "@/lib/api/handler";
import { unlockPupil } from "@/lib/pupils/acts";
import { userIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

// Lifts a sign-in lock (wrong passwords) at once: `{ reason }`.
export const POST = handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ body, params, user }) =>
  unlockPupil({ organiserId: user.id, userId: params.userId, reason: body.reason }),
);

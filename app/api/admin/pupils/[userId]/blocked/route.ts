import { handler } from "@/lib/api/handler";
import { setPupilBlocked } from "@/lib/pupils/acts";
import { blockedSchema } from "@/lib/pupils/schema";
import { userIdParams } from "@/lib/validation/queries";

// The organiser blocks or unblocks a pupil, saying why: `{ blocked, reason }`.
export const PUT = handler({ auth: "organiser", params: userIdParams, body: blockedSchema }, ({ body, params, user }) =>
  setPupilBlocked({ organiserId: user.id, userId: params.userId, ...body }),
);

import { handler } from "@/lib/api/handler";
import { resetOrganiserPassword } from "@/lib/organisers/organisers";
import { userIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

// The head organiser only: `{ reason }` → `{ password }` (shown once).
export const POST = handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ params, body, user }) =>
  resetOrganiserPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
);

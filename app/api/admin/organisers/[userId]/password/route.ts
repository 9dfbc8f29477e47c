import { handler } from "@/lib/api/handler";
import { resetOrganiserPassword } from "@/lib/organiser/organisers";
import { reasonSchema, userIdParams } from "@/lib/validation/organiser";

// The head organiser only: `{ reason }` → `{ password }` (shown once).
export const POST = handler({ auth: "organiser", params: userIdParams, body: reasonSchema }, ({ params, body, user }) =>
  resetOrganiserPassword({ organiserId: user.id, userId: params.userId, reason: body.reason }),
);

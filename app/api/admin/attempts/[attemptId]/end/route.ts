import { handler } from "@/lib/api/handler";
import { endAttemptNow } from "@/lib/organiser/attempt-actions";
import { attemptIdParams, reasonSchema } from "@/lib/validation/organiser";

export const POST = handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
  endAttemptNow({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
);

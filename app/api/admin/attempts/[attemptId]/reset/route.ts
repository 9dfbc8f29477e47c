import { handler } from "@/lib/api/handler";
import { resetAttempt } from "@/lib/organiser/attempt-actions";
import { attemptIdParams, reasonSchema } from "@/lib/validation/organiser";

// After a technical failure: the attempt is kept, marked reset, and the pupil may start again.
export const POST = handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
  resetAttempt({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
);

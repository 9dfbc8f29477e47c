import { handler } from "@/lib/api/handler";
import { resetAttempt } from "@/lib/attempts/interventions";
import { attemptIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

// After a technical failure: the attempt is kept, marked reset, and the pupil may start again.
export const POST = handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
  resetAttempt({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
);

import { handler } from "@/lib/api/handler";
import { endAttemptNow } from "@/lib/attempts/interventions";
import { attemptIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

export const POST = handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
  endAttemptNow({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
);

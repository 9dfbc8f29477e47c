import { handler } from "@/lib/http/handler";
import { removeQuestion } from "@/lib/organiser/questions";
import { questionIdParams } from "@/lib/validation/organiser";

// Deleted when no attempt drew it; retired (kept, never drawn again) when one did.
export const DELETE = handler({ auth: "organiser", params: questionIdParams }, ({ params, user }) =>
  removeQuestion({ organiserId: user.id, questionId: params.questionId }),
);

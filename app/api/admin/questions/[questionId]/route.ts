import { handler } from "@/lib/api/handler";
import { removeQuestion, updateQuestion } from "@/lib/questions/bank";
import { questionIdParams } from "@/lib/questions/schema";
import { questionEditSchema } from "@/shared/questions/schema";
import { reasonSchema } from "@/shared/validation/reason";

// Deleted when no attempt drew it; retired (kept, never drawn again) when one did: `{ reason }`.
export const DELETE = handler({ auth: "organiser", params: questionIdParams, body: reasonSchema }, ({ params, body, user }) =>
  removeQuestion({ organiserId: user.id, questionId: params.questionId, reason: body.reason }),
);

// A question no attempt drew: `{ difficulty, text, choices: [{ text, correct }], reason }` (4009 once drawn).
export const PUT = handler({ auth: "organiser", params: questionIdParams, body: questionEditSchema }, ({ params, body, user }) =>
  updateQuestion({ organiserId: user.id, questionId: params.questionId, edit: body }),
);

import { handler } from "@/lib/api/handler";
import { attemptResult } from "@/lib/attempts/ending";
import { resultQuery } from "@/lib/validation/attempts";

export const GET = handler({ auth: "pupil", query: resultQuery }, ({ user, query }) =>
  attemptResult({ userId: user.id, attemptId: query.testAttemptId }),
);

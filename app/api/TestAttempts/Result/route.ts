import { attemptResult } from "@/lib/attempts/ending";
import { handler } from "@/lib/http/handler";
import { resultQuery } from "@/lib/validation/attempts";

export const GET = handler({ auth: "pupil", query: resultQuery }, ({ user, query }) =>
  attemptResult({ userId: user.id, attemptId: query.testAttemptId }),
);

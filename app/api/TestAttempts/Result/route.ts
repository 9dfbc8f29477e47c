import { UserRole } from "@/db/schema";
import { attemptResult } from "@/lib/attempts/ending";
import { handler } from "@/lib/http/handler";
import { resultQuery } from "@/lib/validation/attempts";

export const GET = handler({ auth: [UserRole.Default], query: resultQuery }, ({ user, query }) =>
  attemptResult({ userId: user.id, attemptId: query.testAttemptId }),
);

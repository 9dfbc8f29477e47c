import { handler } from "@/lib/api/handler";
import { getRemainingTime } from "@/lib/attempts/taking";
import { remainingTimeQuery } from "@/lib/validation/attempts";

export const GET = handler({ auth: "pupil", query: remainingTimeQuery }, ({ user, query }) =>
  getRemainingTime({ userId: user.id, attemptId: query.attemptId }),
);

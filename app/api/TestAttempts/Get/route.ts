import { getAttempt } from "@/lib/attempts/taking";
import { handler } from "@/lib/http/handler";
import { attemptIdQuery } from "@/lib/validation/attempts";

export const GET = handler({ auth: "pupil", query: attemptIdQuery }, ({ user, query }) =>
  getAttempt({ userId: user.id, attemptId: query.id }),
);

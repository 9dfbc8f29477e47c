import { handler } from "@/lib/api/handler";
import { getAttempt } from "@/lib/attempts/taking";
import { attemptIdQuery } from "@/lib/validation/attempts";

// On the opening's path: the session is checked inside getAttempt's one statement.
export const GET = handler({ auth: "pupilToken", query: attemptIdQuery }, ({ claims, query }) =>
  getAttempt({ userId: claims.userId, session: claims, attemptId: query.id }),
);

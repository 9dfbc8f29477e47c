// The attempts calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { attemptResult, finishAttempt } from "@/lib/attempts/ending";
import { endAttemptNow, resetAttempt } from "@/lib/attempts/interventions";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import {
  answerSchema,
  attemptIdQuery,
  checkPinSchema,
  finishSchema,
  newAttemptSchema,
  remainingTimeQuery,
  resultQuery,
} from "@/lib/attempts/schema";
import { sealedPaper } from "@/lib/attempts/sealed-paper";
import { allowTestAttempt, checkPinCode, isThereAttempt, newAttempt } from "@/lib/attempts/start";
import { getAttempt, getRemainingTime, saveAnswer } from "@/lib/attempts/taking";
import { accessOf } from "@/lib/identity/access";
import { userOfClaims } from "@/lib/identity/session";
import { changesStream } from "@/lib/live/stream";
import { attemptMarks } from "@/lib/results/marks";
import { attemptIdParams } from "@/lib/validation/queries";
import { reasonSchema } from "@/shared/validation/reason";

export const attemptsApi = {
  "/api/TestAttempts/AllowTestAttempt": { GET: handler({ auth: "pupil" }, ({ user }) => allowTestAttempt({ userId: user.id })) },
  "/api/TestAttempts/IsThereAttempt": { GET: handler({ auth: "pupil" }, ({ user }) => isThereAttempt({ userId: user.id })) },
  // Not the spec's: during check-in, the pupil's drawn paper sealed for the device (sealed-paper.ts).
  "/api/TestAttempts/Paper": { GET: handler({ auth: "pupil" }, ({ user }) => sealedPaper({ userId: user.id })) },
  "/api/TestAttempts/New": {
    POST: handler(
      { auth: "pupil", limit: { limiter: pinAttempts, per: "user" }, body: newAttemptSchema },
      async ({ user, body, clientAddress, cookies }) => {
        const started = await newAttempt({ userId: user.id, pinCode: body.pinCode, from: accessOf({ clientAddress, cookies }) });
        // A start page with no sealed paper: the attempt in this answer, not in a second call.
        return body.withAttempt ? { ...started, attempt: await getAttempt({ userId: user.id, attemptId: started.attemptId }) } : started;
      },
    ),
  },
  // On the opening's path: the session is checked inside getAttempt's one statement.
  "/api/TestAttempts/Get": {
    GET: handler({ auth: "pupilToken", query: attemptIdQuery }, ({ claims, query }) =>
      getAttempt({ userId: claims.userId, session: claims, attemptId: query.id }),
    ),
  },
  "/api/TestAttempts/GetRemainingTime": {
    GET: handler({ auth: "pupil", query: remainingTimeQuery }, ({ user, query }) =>
      getRemainingTime({ userId: user.id, attemptId: query.attemptId }),
    ),
  },
  // The opening minute's hottest call: the session is checked inside saveAnswer's one statement.
  "/api/TestAttempts/Answer": {
    POST: handler({ auth: "pupilToken", body: answerSchema }, ({ claims, body }) => saveAnswer({ session: claims, ...body })),
  },
  "/api/TestAttempts/Finish": {
    POST: handler({ auth: "pupil", body: finishSchema }, ({ user, body }) => finishAttempt({ userId: user.id, ...body })),
  },
  "/api/TestAttempts/Result": {
    GET: handler({ auth: "pupil", query: resultQuery }, ({ user, query }) =>
      attemptResult({ userId: user.id, attemptId: query.testAttemptId }),
    ),
  },
  "/api/TestAttempts/Events": {
    GET: handler({ auth: "pupilToken" }, ({ claims, request }) =>
      changesStream({
        userId: claims.userId,
        sessionId: claims.sessionId,
        signedIn: async () => (await userOfClaims(claims)) !== null,
        signal: request.signal,
      }),
    ),
  },
  "/api/TestAttempts/CheckPinCode": {
    POST: handler({ auth: "pupil", limit: { limiter: pinAttempts, per: "user" }, body: checkPinSchema }, ({ user, body }) =>
      checkPinCode({ userId: user.id, pinCode: body.pinCode }),
    ),
  },
  "/api/admin/attempts/[attemptId]/end": {
    POST: handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
      endAttemptNow({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
    ),
  },
  "/api/admin/attempts/[attemptId]/marks": {
    GET: handler({ auth: "organiser", params: attemptIdParams }, ({ params }) => attemptMarks({ attemptId: params.attemptId })),
  },
  "/api/admin/attempts/[attemptId]/reset": {
    // After a technical failure: the attempt is kept, marked reset, and the pupil may start again.
    POST: handler({ auth: "organiser", params: attemptIdParams, body: reasonSchema }, ({ body, params, user }) =>
      resetAttempt({ organiserId: user.id, attemptId: params.attemptId, reason: body.reason }),
    ),
  },
} satisfies ApiHandlers;

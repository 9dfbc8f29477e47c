// The handlers of the calls the front door serves straight (lane "direct" in lib/api/routes.mjs):
// one table the app owns. Each call's route file re-exports its entry, so Next serves the very
// same function under another casing; instrumentation.ts hands the table to the front door
// (lib/process-state.mjs) at start. Every handler is the one wrapper's (./handler.ts): who may
// call, limits, parsing with the shared schemas, errors and the API's headers.
import "server-only";
import type { NextRequest } from "next/server";
import { attemptResult, finishAttempt } from "@/lib/attempts/ending";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import { sealedPaper } from "@/lib/attempts/sealed-paper";
import { allowTestAttempt, isThereAttempt, newAttempt } from "@/lib/attempts/start";
import { getAttempt, getRemainingTime, saveAnswer } from "@/lib/attempts/taking";
import { accessOf } from "@/lib/identity/access";
import { login } from "@/lib/identity/login";
import { userOfClaims } from "@/lib/identity/session";
import { getCurrentUser } from "@/lib/identity/users";
import { changesStream } from "@/lib/live/stream";
import { health } from "@/lib/operations/health";
import { answerSchema, attemptIdQuery, finishSchema, newAttemptSchema, remainingTimeQuery, resultQuery } from "@/lib/validation/attempts";
import { loginSchema } from "@/shared/identity/schema";
import { handler } from "./handler";
import type { DirectPath, MethodOf } from "./routes.mjs";

/** A route handler's method, as Next calls it. */
export type RouteMethod = (request: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

type Table = { [P in DirectPath]: { [M in MethodOf<P>]: RouteMethod } };

export const directRoutes = {
  // For load balancers (and the benchmark's floor): the app answers without asking the database,
  // and says 503 while this process has found it away (lib/db/availability.mjs).
  "/api/health": { GET: handler({ auth: "public", withoutDatabase: true }, () => health()) },
  "/api/Identity/Login": {
    POST: handler(
      // Failed sign-ins are bounded per address in login itself: a known device is not held to it.
      { auth: "public", body: loginSchema },
      ({ body, clientAddress, cookies }) => login({ input: body, clientAddress, cookies }),
    ),
  },
  "/api/Identity/GetCurrentUser": { GET: handler({ auth: "signedIn" }, ({ user }) => getCurrentUser({ userId: user.id })) },
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
} satisfies Table;

import { handler } from "@/lib/api/handler";
import { userOfClaims } from "@/lib/identity/session";
import { changesStream } from "@/lib/live/stream";

export const dynamic = "force-dynamic";

export const GET = handler({ auth: "pupilToken" }, ({ claims, request }) =>
  changesStream({
    userId: claims.userId,
    sessionId: claims.sessionId,
    signedIn: async () => (await userOfClaims(claims)) !== null,
    signal: request.signal,
  }),
);

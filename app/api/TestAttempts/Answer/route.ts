import { handler } from "@/lib/api/handler";
import { saveAnswer } from "@/lib/attempts/taking";
import { answerSchema } from "@/lib/validation/attempts";

// The opening minute's hottest call: the session is checked inside saveAnswer's one statement.
export const POST = handler({ auth: "pupilToken", body: answerSchema }, ({ claims, body }) => saveAnswer({ session: claims, ...body }));

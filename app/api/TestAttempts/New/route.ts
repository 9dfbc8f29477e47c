import { handler } from "@/lib/api/handler";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import { newAttempt } from "@/lib/attempts/start";
import { accessOf } from "@/lib/identity/access";
import { newAttemptSchema } from "@/lib/validation/attempts";

export const POST = handler(
  { auth: "pupil", limit: { limiter: pinAttempts, per: "user" }, body: newAttemptSchema },
  ({ user, body, clientAddress, cookies }) =>
    newAttempt({ userId: user.id, pinCode: body.pinCode, from: accessOf({ clientAddress, cookies }) }),
);

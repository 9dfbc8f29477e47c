import { handler } from "@/lib/api/handler";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import { checkPinCode } from "@/lib/attempts/start";
import { checkPinSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: "pupil", limit: { limiter: pinAttempts, per: "user" }, body: checkPinSchema }, ({ user, body }) =>
  checkPinCode({ userId: user.id, pinCode: body.pinCode }),
);

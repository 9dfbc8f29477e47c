import { UserRole } from "@/db/schema";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import { checkPinCode } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";
import { checkPinSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: [UserRole.Default], body: checkPinSchema }, async ({ user, body }) => {
  await pinAttempts.consume(String(user.id));
  return checkPinCode({ userId: user.id, pinCode: body.pinCode });
});

import { UserRole } from "@/db/schema";
import { pinAttempts } from "@/lib/attempts/pin-limit";
import { newAttempt } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";
import { newAttemptSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: [UserRole.Default], body: newAttemptSchema }, async ({ user, body }) => {
  await pinAttempts.consume(String(user.id));
  return newAttempt({ userId: user.id, pinCode: body.pinCode, language: body.language });
});

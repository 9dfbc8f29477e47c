import { UserRole } from "@/db/schema";
import { saveAnswer } from "@/lib/attempts/taking";
import { handler } from "@/lib/http/handler";
import { answerSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: [UserRole.Default], body: answerSchema }, ({ user, body }) =>
  saveAnswer({ userId: user.id, ...body }),
);

import { UserRole } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { handler } from "@/lib/http/handler";
import { finishSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: [UserRole.Default], body: finishSchema }, ({ user, body }) =>
  finishAttempt({ userId: user.id, ...body }),
);

import { finishAttempt } from "@/lib/attempts/ending";
import { handler } from "@/lib/http/handler";
import { finishSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: "pupil", body: finishSchema }, ({ user, body }) => finishAttempt({ userId: user.id, ...body }));

import { handler } from "@/lib/api/handler";
import { finishAttempt } from "@/lib/attempts/ending";
import { finishSchema } from "@/lib/validation/attempts";

export const POST = handler({ auth: "pupil", body: finishSchema }, ({ user, body }) => finishAttempt({ userId: user.id, ...body }));

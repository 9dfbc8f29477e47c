import { isThereAttempt } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";

export const GET = handler({ auth: "pupil" }, ({ user }) => isThereAttempt({ userId: user.id }));

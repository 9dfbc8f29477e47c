import { handler } from "@/lib/api/handler";
import { isThereAttempt } from "@/lib/attempts/start";

export const GET = handler({ auth: "pupil" }, ({ user }) => isThereAttempt({ userId: user.id }));

import { handler } from "@/lib/api/handler";
import { allowTestAttempt } from "@/lib/attempts/start";

export const GET = handler({ auth: "pupil" }, ({ user }) => allowTestAttempt({ userId: user.id }));

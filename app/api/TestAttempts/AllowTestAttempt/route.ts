import { allowTestAttempt } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";

export const GET = handler({ auth: "pupil" }, ({ user }) => allowTestAttempt({ userId: user.id }));

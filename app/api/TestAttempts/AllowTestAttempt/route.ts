import { UserRole } from "@/db/schema";
import { allowTestAttempt } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";

export const GET = handler({ auth: [UserRole.Default] }, ({ user }) => allowTestAttempt({ userId: user.id }));

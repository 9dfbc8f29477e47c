import { UserRole } from "@/db/schema";
import { isThereAttempt } from "@/lib/attempts/start";
import { handler } from "@/lib/http/handler";

export const GET = handler({ auth: [UserRole.Default] }, ({ user }) => isThereAttempt({ userId: user.id }));

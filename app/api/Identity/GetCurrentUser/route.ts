import { handler } from "@/lib/api/handler";
import { getCurrentUser } from "@/lib/identity/users";

export const GET = handler({ auth: "signedIn" }, ({ user }) => getCurrentUser({ userId: user.id }));

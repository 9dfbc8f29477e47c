import { handler } from "@/lib/api/handler";
import { logout } from "@/lib/identity/login";

// Public: signing out needs no valid session, and ends the one it is given on the server too.
export const POST = handler({ auth: "public" }, ({ cookies }) => logout(cookies));

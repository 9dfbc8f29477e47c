import { handler } from "@/lib/http/handler";
import { logout } from "@/lib/identity/login";

export const POST = handler({}, async () => logout());

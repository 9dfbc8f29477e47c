// The identity calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { login, logout } from "@/lib/identity/login";
import { getCurrentUser } from "@/lib/identity/users";
import { updateProfile } from "@/lib/pupils/profile";
import { loginSchema, profileSchema } from "@/shared/identity/schema";

export const identityApi = {
  "/api/Identity/Login": {
    POST: handler(
      // Failed sign-ins are bounded per address in login itself: a known device is not held to it.
      { auth: "public", body: loginSchema },
      ({ body, clientAddress, cookies }) => login({ input: body, clientAddress, cookies }),
    ),
  },
  "/api/Identity/GetCurrentUser": { GET: handler({ auth: "signedIn" }, ({ user }) => getCurrentUser({ userId: user.id })) },
  "/api/Identity/Logout": {
    // Public: signing out needs no valid session, and ends the one it is given on the server too.
    POST: handler({ auth: "public" }, ({ cookies }) => logout(cookies)),
  },
  "/api/Identity/Update": {
    POST: handler({ auth: "signedIn", body: profileSchema }, ({ user, body }) => updateProfile({ userId: user.id, profile: body })),
  },
} satisfies ApiHandlers;

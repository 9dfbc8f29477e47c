import { handler } from "@/lib/api/handler";
import { updateProfile } from "@/lib/identity/users";
import { profileSchema } from "@/lib/validation/identity";

export const POST = handler({ auth: "signedIn", body: profileSchema }, ({ user, body }) =>
  updateProfile({ userId: user.id, profile: body }),
);

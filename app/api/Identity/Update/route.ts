import { handler } from "@/lib/api/handler";
import { updateProfile } from "@/lib/pupils/profile";
import { profileSchema } from "@/shared/identity/schema";

export const POST = handler({ auth: "signedIn", body: profileSchema }, ({ user, body }) =>
  updateProfile({ userId: user.id, profile: body }),
);

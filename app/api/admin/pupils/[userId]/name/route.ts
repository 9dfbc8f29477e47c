import { handler } from "@/lib/api/handler";
import { renamePupil } from "@/lib/pupils/acts";
import { userIdParams } from "@/lib/validation/queries";
import { pupilNameSchema } from "@/shared/pupils/schema";

// Corrects the pupil's name (the certificate's): `{ firstName, lastName, middleName?, reason }`.
export const PUT = handler({ auth: "organiser", params: userIdParams, body: pupilNameSchema }, ({ body, params, user }) => {
  const { reason, ...names } = body;
  return renamePupil({ organiserId: user.id, userId: params.userId, reason, names });
});

import { handler } from "@/lib/api/handler";
import { renamePupil } from "@/lib/organiser/pupils";
import { pupilNameSchema, userIdParams } from "@/lib/validation/organiser";

// Corrects the pupil's name (the certificate's): `{ firstName, lastName, middleName?, reason }`.
export const PUT = handler({ auth: "organiser", params: userIdParams, body: pupilNameSchema }, ({ body, params, user }) => {
  const { reason, ...names } = body;
  return renamePupil({ organiserId: user.id, userId: params.userId, reason, names });
});

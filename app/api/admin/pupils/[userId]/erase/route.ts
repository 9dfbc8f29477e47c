import { handler } from "@/lib/api/handler";
import { erasePupil } from "@/lib/personal-data/personal-data";
import { erasePupilSchema } from "@/lib/personal-data/schema";
import { userIdParams } from "@/lib/validation/queries";

// `{ confirmUsername, reason }`: the pupil's personal data erased; an anonymous row keeps the results.
export const POST = handler({ auth: "organiser", params: userIdParams, body: erasePupilSchema }, ({ body, params, user }) =>
  erasePupil({ organiserId: user.id, userId: params.userId, ...body }),
);

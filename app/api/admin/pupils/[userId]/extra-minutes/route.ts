import { handler } from "@/lib/api/handler";
import { setExtraMinutes } from "@/lib/pupils/acts";
import { userIdParams } from "@/lib/validation/queries";
import { extraMinutesSchema } from "@/shared/pupils/schema";

// `{ minutes, reason }`: a running attempt's deadline moves at once.
export const PUT = handler({ auth: "organiser", params: userIdParams, body: extraMinutesSchema }, ({ body, params, user }) =>
  setExtraMinutes({ organiserId: user.id, userId: params.userId, ...body }),
);

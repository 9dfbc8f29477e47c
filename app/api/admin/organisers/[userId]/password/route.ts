import { handler } from "@/lib/http/handler";
import { resetOrganiserPassword } from "@/lib/organiser/organisers";
import { userIdParams } from "@/lib/validation/organiser";

export const POST = handler({ auth: "organiser", params: userIdParams }, ({ params, user }) =>
  resetOrganiserPassword({ organiserId: user.id, userId: params.userId }),
);

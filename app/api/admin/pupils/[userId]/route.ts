import { handler } from "@/lib/api/handler";
import { pupilDetail } from "@/lib/organiser/pupils";
import { userIdParams } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", params: userIdParams }, ({ params }) => pupilDetail({ userId: params.userId }));

import { handler } from "@/lib/api/handler";
import { pupilDetail } from "@/lib/pupils/pupils";
import { userIdParams } from "@/lib/validation/queries";

export const GET = handler({ auth: "organiser", params: userIdParams }, ({ params }) => pupilDetail({ userId: params.userId }));

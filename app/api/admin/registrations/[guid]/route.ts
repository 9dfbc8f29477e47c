import { handler } from "@/lib/api/handler";
import { registrationDetail } from "@/lib/organiser/registrations";
import { guidParams } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", params: guidParams }, ({ params }) =>
  registrationDetail({ guid: params.guid.toLowerCase() }),
);

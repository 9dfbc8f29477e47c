import { handler } from "@/lib/api/handler";
import { guidParams } from "@/lib/registration/schema";
import { registrationDetail } from "@/lib/registration/search";

export const GET = handler({ auth: "organiser", params: guidParams }, ({ params }) =>
  registrationDetail({ guid: params.guid.toLowerCase() }),
);

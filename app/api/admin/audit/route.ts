import { handler } from "@/lib/api/handler";
import { listActions } from "@/lib/organiser/audit-log";
import { pageQuery } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", query: pageQuery }, ({ query }) => listActions(query));

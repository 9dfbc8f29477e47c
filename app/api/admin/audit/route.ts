import { listActions } from "@/components/audit/rows";
import { handler } from "@/lib/api/handler";
import { pageQuery } from "@/lib/validation/queries";

export const GET = handler({ auth: "organiser", query: pageQuery }, ({ query }) => listActions(query));

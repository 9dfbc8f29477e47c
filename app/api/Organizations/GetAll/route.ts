import { handler } from "@/lib/api/handler";
import { listOrganizations } from "@/lib/reference/queries";
import { organizationsQuery } from "@/lib/validation/reference";

export const GET = handler({ auth: "public", query: organizationsQuery, cacheSeconds: 300 }, ({ query }) => listOrganizations(query));

// The reference calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { listDistricts, listOrganizations, listRegions, listSubjects } from "@/lib/reference/queries";
import { organizationsQuery } from "@/lib/reference/schema";

export const referenceApi = {
  "/api/Districts/GetAll": {
    GET: handler({ auth: "public", cacheSeconds: 300 }, () => listDistricts()),
  },
  "/api/Organizations/GetAll": {
    GET: handler({ auth: "public", query: organizationsQuery, cacheSeconds: 300 }, ({ query }) => listOrganizations(query)),
  },
  "/api/Regions/GetAll": {
    GET: handler({ auth: "public", cacheSeconds: 300 }, () => listRegions()),
  },
  "/api/Subjects/GetAll": {
    GET: handler({ auth: "public", cacheSeconds: 300 }, () => listSubjects()),
  },
} satisfies ApiHandlers;

// Schemas of the organiser's requests about pupils that only the server reads: the search, blocking,
// and a district's lists of logins. The name and extra minutes: shared/pupils/schema.ts.
import "server-only";
import { z } from "zod";
import { page, search } from "@/lib/validation/queries";
import { queryId } from "@/shared/validation/fields";
import { reason } from "@/shared/validation/reason";

export const blockedSchema = z.object({ blocked: z.boolean(), reason });
export const pupilsQuery = z.object({ q: search, regionId: z.optional(queryId), districtId: z.optional(queryId), page });

/** A district's lists of logins (one school's, with organizationId). */
export const loginsQuery = z.object({ districtId: queryId, organizationId: z.optional(queryId) });

// Query schemas of the reference-data endpoints.
import "server-only";
import { z } from "zod";
import { queryId } from "@/shared/validation/fields";

export const organizationsQuery = z.object({ districtId: queryId });

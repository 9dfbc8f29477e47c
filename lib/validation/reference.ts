// Query schemas of the reference-data endpoints.
import { z } from "zod";
import { queryId } from "./fields";

export const organizationsQuery = z.object({ districtId: queryId });

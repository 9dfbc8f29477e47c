// Schemas of the organiser's JSON API.
import { z } from "zod";
import { queryId } from "./fields";

export const userIdParams = z.object({ userId: queryId });
export const blockedSchema = z.object({ blocked: z.boolean() });

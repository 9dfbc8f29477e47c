// A notice's id in the address (its withdrawal). The incidents' acts: shared/incidents/schema.ts.
import "server-only";
import { z } from "zod";
import { queryId } from "@/shared/validation/fields";

export const noticeIdParams = z.object({ noticeId: queryId });

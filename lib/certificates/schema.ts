// Certificates/Check's query: a username as pupils have them.
import "server-only";
import { z } from "zod";

export const certificateCheckSchema = z.object({
  username: z.string().trim().min(1).max(30),
});

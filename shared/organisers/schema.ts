// A new organiser as the console's form gives it (checked in the browser, and by the route handler).
import { z } from "zod";
import { said, saidToOrganiser } from "@/shared/i18n/said";
import { reason } from "@/shared/validation/reason";

const v = said;
const o = saidToOrganiser;

export const organiserSchema = z.object({
  username: z
    .string(v.required)
    .trim()
    .toLowerCase()
    .min(5, v.usernameLength)
    .max(30, v.usernameLength)
    .regex(/^[a-z0-9._-]+$/, o.username),
  firstName: z.string(v.required).trim().min(2, v.required).max(50, v.nameMax),
  lastName: z.string(v.required).trim().min(2, v.required).max(50, v.nameMax),
  reason,
});
export type OrganiserInput = z.output<typeof organiserSchema>;

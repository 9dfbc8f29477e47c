// The organiser's corrections of a pupil that a console form checks in the browser before sending
// (the route handler checks again): the name, and the extra minutes.
import { z } from "zod";
import { said, saidToOrganiser } from "@/shared/i18n/said";
import { pupilDetailsSchema } from "@/shared/registration/schema";
import { reason } from "@/shared/validation/reason";

const v = said;
const o = saidToOrganiser;

/** An organiser's correction of a pupil's name (the certificate's), with the pupil's own rules. */
export const pupilNameSchema = z.object({
  firstName: pupilDetailsSchema.shape.firstName,
  lastName: pupilDetailsSchema.shape.lastName,
  middleName: pupilDetailsSchema.shape.middleName,
  reason,
});
export const extraMinutesSchema = z.object({
  minutes: z.number(v.required).int(o.extraMinutes).min(0, o.extraMinutes).max(600, o.extraMinutes),
  reason,
  /** The minutes approve the registration's accommodation request (issue 27). */
  accommodation: z.boolean().optional(),
});

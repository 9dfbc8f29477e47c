// The registration form's schema: used by the form (zodResolver) and by Registration/Register.
import { z } from "zod";
import { uz } from "@/lib/i18n/uz";
import { birthDate, entityId, grade, optional, personName, phoneNumber, uuid } from "./fields";

const v = uz.validation;

export const pupilDetailsSchema = z.object({
  regionId: entityId,
  districtId: entityId,
  /** 0 or absent: "Boshqa maktab", a school not in the list. */
  organizationId: optional(z.number().int(v.invalid).min(0, v.invalid).max(2_147_483_647, v.invalid)),
  grade,
  subjectId: entityId,
  firstName: personName(v.firstNameMin),
  lastName: personName(v.lastNameMin),
  middleName: optional(personName(v.middleNameMin)),
  birthDate: optional(birthDate),
  phoneNumber: optional(phoneNumber),
});
export type PupilDetails = z.output<typeof pupilDetailsSchema>;

export const registerSchema = pupilDetailsSchema.extend({ guid: uuid });
export type RegisterInput = z.output<typeof registerSchema>;

/** The form adds the offer agreement, which only the browser shows. */
export const registrationFormSchema = pupilDetailsSchema.extend({
  agreement: z.literal(true, { error: v.agreement }),
});
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormValues = z.output<typeof registrationFormSchema>;

export const registerStatusQuery = z.object({ guid: uuid });

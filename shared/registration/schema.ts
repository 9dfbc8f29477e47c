// The registration form's schema: used by the form (zodResolver) and by Registration/Register
// (zod/mini, as the fields).
import * as z from "zod/mini";
import { said } from "@/shared/i18n/said";
import {
  birthDate,
  entityId,
  grade,
  optional,
  organizationId,
  personName,
  phoneNumber,
  studyLanguage,
  uuid,
} from "@/shared/validation/fields";
import { ACCOMMODATION_MAX } from "./types";

const v = said;

export const pupilDetailsSchema = z.object({
  regionId: entityId,
  districtId: entityId,
  /** 0 or absent: "Boshqa maktab", a school not in the list. */
  organizationId: optional(organizationId),
  grade,
  subjectId: entityId,
  /** The language of study, in which the test is drawn: absent is 0 at registration, unchanged in the profile. */
  language: optional(studyLanguage),
  firstName: personName(v.firstNameMin),
  lastName: personName(v.lastNameMin),
  middleName: optional(personName(v.middleNameMin)),
  birthDate: optional(birthDate),
  phoneNumber: optional(phoneNumber),
});
export type PupilDetails = z.output<typeof pupilDetailsSchema>;

/**
 * A request for an accommodation (issue 27): what the pupil needs to take the test on equal terms,
 * in the parent's words, for an organiser to approve as extra minutes. The registration's own,
 * never the profile's.
 */
export const accommodation = optional(z.string().check(z.trim(), z.maxLength(ACCOMMODATION_MAX, v.accommodationMax)));

export const registerSchema = z.extend(pupilDetailsSchema, { guid: uuid, accommodation });
export type RegisterInput = z.output<typeof registerSchema>;
/** What the registration form shows again: the details and the request. */
export type RegistrationDetails = PupilDetails & { accommodation?: string };

/** The form adds the offer agreement, which only the browser shows. */
export const registrationFormSchema = z.extend(pupilDetailsSchema, {
  accommodation,
  agreement: z.literal(true, v.agreement),
});
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;
export type RegistrationFormValues = z.output<typeof registrationFormSchema>;

export const registerStatusQuery = z.object({ guid: uuid });

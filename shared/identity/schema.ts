// Sign-in and profile schemas, shared by the forms and Identity/Login, Identity/Update (zod/mini,
// as the fields: the sign-in page is the first a phone loads).
import * as z from "zod/mini";
import { said } from "@/shared/i18n/said";
import { pupilDetailsSchema } from "@/shared/registration/schema";
import { birthDate, organizationId, personName, phoneNumber, required } from "@/shared/validation/fields";

const v = said;

export const loginSchema = z.object({
  username: z
    .string(v.required)
    .check(z.trim(), z.minLength(1, v.required), z.minLength(5, v.usernameLength), z.maxLength(30, v.usernameLength)),
  password: z.string(v.required).check(z.minLength(1, v.required), z.minLength(6, v.passwordLength), z.maxLength(30, v.passwordLength)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The sign-in page's `?username=`, as the paid page's link fills it in: a login as they are made
 * (a pupil's letters and digits, an organiser's . _ -), or nothing. Never a password.
 */
export const loginUsernameQuery = z.string().check(z.regex(/^[a-z0-9._-]{5,30}$/));

/** The profile: the registration's fields, with school, middle name, birth date and phone required. */
export const profileSchema = z.extend(pupilDetailsSchema, {
  organizationId: required(organizationId),
  middleName: required(personName(v.middleNameMin)),
  birthDate: required(birthDate),
  phoneNumber: required(phoneNumber),
});
export type ProfileInput = z.output<typeof profileSchema>;

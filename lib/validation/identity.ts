// Sign-in and profile schemas, shared by the forms and Identity/Login, Identity/Update (zod/mini,
// as the fields: the sign-in page is the first a phone loads).
import * as z from "zod/mini";
import { said } from "@/lib/i18n/said";
import { birthDate, organizationId, personName, phoneNumber, required } from "./fields";
import { pupilDetailsSchema } from "./registration";

const v = said;

export const loginSchema = z.object({
  username: z
    .string(v.required)
    .check(z.trim(), z.minLength(1, v.required), z.minLength(5, v.usernameLength), z.maxLength(30, v.usernameLength)),
  password: z.string(v.required).check(z.minLength(1, v.required), z.minLength(6, v.passwordLength), z.maxLength(30, v.passwordLength)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The profile: the registration's fields, with school, middle name, birth date and phone required. */
export const profileSchema = z.extend(pupilDetailsSchema, {
  organizationId: required(organizationId),
  middleName: required(personName(v.middleNameMin)),
  birthDate: required(birthDate),
  phoneNumber: required(phoneNumber),
});
export type ProfileInput = z.output<typeof profileSchema>;

// Sign-in and profile schemas, shared by the forms and Identity/Login, Identity/Update.
import { z } from "zod";
import { uz } from "@/lib/i18n/uz";
import { birthDate, personName, phoneNumber, required } from "./fields";
import { pupilDetailsSchema } from "./registration";

const v = uz.validation;

export const loginSchema = z.object({
  username: z.string({ error: v.required }).trim().min(1, v.required).min(5, v.usernameLength).max(30, v.usernameLength),
  password: z.string({ error: v.required }).min(1, v.required).min(6, v.passwordLength).max(30, v.passwordLength),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The profile: the registration's fields, with school, middle name, birth date and phone required. */
export const profileSchema = pupilDetailsSchema.extend({
  organizationId: required(z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(2_147_483_647, v.invalid)),
  middleName: required(personName(v.middleNameMin)),
  birthDate: required(birthDate),
  phoneNumber: required(phoneNumber),
});
export type ProfileInput = z.output<typeof profileSchema>;

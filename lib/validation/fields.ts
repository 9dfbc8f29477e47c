// Field schemas shared by every form and route handler that takes the same kind of value.
import { z } from "zod";
import { DRAWABLE_TEXT } from "@/lib/certificates/glyphs";
import { uz } from "@/lib/i18n/uz";

// zod compiles object parsers with `new Function` when it may; the pages' Content-Security-Policy
// forbids eval, and even zod's probe for it is reported as a violation. Plain parsing is enough.
z.config({ jitless: true });

const v = uz.validation;
const PG_INT_MAX = 2_147_483_647;

/** Blank form values ("" or null) mean "not given". */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

export const entityId = z.number({ error: v.required }).int(v.invalid).positive(v.required).max(PG_INT_MAX, v.invalid);

/** Ids arriving in a query string. */
export const queryId = z.coerce.number().int().positive().max(PG_INT_MAX);

export const grade = z.number({ error: v.required }).int(v.grade).min(5, v.grade).max(9, v.grade);

// Letters, Uzbek apostrophes (ʻ ʼ ' ‘ ’ `), hyphens and spaces: names are printed on
// certificates, so markup and digits have no place in them; and only letters the certificate's
// fonts draw (Latin and Cyrillic, as Uzbek families write names), so a name never prints as boxes.
const NAME_PATTERN = /^[\p{L}\p{M}'ʻʼ‘’`\- ]+$/u;

export const personName = (minMessage: string) =>
  z
    .string({ error: v.required })
    .trim()
    .min(3, minMessage)
    .max(50, v.nameMax)
    .regex(NAME_PATTERN, v.namePattern)
    .regex(DRAWABLE_TEXT, v.namePattern);

export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** A blank value is "missing" (the required message), not a malformed one. */
export const required = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema);

export const phoneNumber = z.string({ error: v.required }).trim().regex(/^\d*$/, v.phoneDigits).length(9, v.phoneLength);

export const birthDate = z
  .string({ error: v.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, v.birthDate)
  .pipe(z.iso.date(v.birthDate))
  .refine((value) => value >= "1990-01-01" && value <= new Date().toISOString().slice(0, 10), {
    message: v.birthDate,
    params: { code: "Range" },
  });

export const uuid = z.string({ error: v.required }).uuid(v.invalid);

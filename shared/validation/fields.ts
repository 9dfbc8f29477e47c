// Field schemas shared by every form and route handler that takes the same kind of value. Written
// with zod/mini: the forms ship these to the phone, and mini is a fifth of zod's weight there.
import * as z from "zod/mini";
import { DRAWABLE_TEXT } from "@/shared/certificates/glyphs";
import { said } from "@/shared/i18n/said";

// zod compiles object parsers with `new Function` when it may; the pages' Content-Security-Policy
// forbids eval, and even zod's probe for it is reported as a violation. Plain parsing is enough.
z.config({ jitless: true });

const v = said;
/** The largest id a PostgreSQL integer column holds: a larger one is refused (422), never sent to the database. */
export const PG_INT_MAX = 2_147_483_647;

/** Blank form values ("" or null) mean "not given". */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

export const entityId = z.number(v.required).check(z.int(v.invalid), z.positive(v.required), z.maximum(PG_INT_MAX, v.invalid));

/** Ids arriving in a query string. */
export const queryId = z.coerce.number().check(z.int(), z.positive(), z.maximum(PG_INT_MAX));

/** A yes/no arriving in a query string: "true" is yes, "false" or none is no; anything else is refused. */
export const queryYesNo = z.pipe(
  z.optional(z.enum(["true", "false"])),
  z.transform((value) => value === "true"),
);

export const grade = z.number(v.required).check(z.int(v.grade), z.minimum(5, v.grade), z.maximum(9, v.grade));

/** The language a pupil studies in: 0 Uzbek (the spec's), 1 Russian, 2 Karakalpak. */
export const studyLanguage = z.literal([0, 1, 2], v.invalid);

/** A school: 0 is "Boshqa maktab", a school not in the list. */
export const organizationId = z.number(v.required).check(z.int(v.invalid), z.minimum(0, v.invalid), z.maximum(PG_INT_MAX, v.invalid));

// Letters, Uzbek apostrophes (ʻ ʼ ' ‘ ’ `), hyphens and spaces: names are printed on
// certificates, so markup and digits have no place in them; and only letters the certificate's
// fonts draw (Latin and Cyrillic, as Uzbek families write names), so a name never prints as boxes.
const NAME_PATTERN = /^[\p{L}\p{M}'ʻʼ‘’`\- ]+$/u;

export const personName = (minMessage: (typeof said)[keyof typeof said]) =>
  z
    .string(v.required)
    .check(
      z.trim(),
      z.minLength(3, minMessage),
      z.maxLength(50, v.nameMax),
      z.regex(NAME_PATTERN, v.namePattern),
      z.regex(DRAWABLE_TEXT, v.namePattern),
    );

export const optional = <S extends z.core.$ZodType>(schema: S) =>
  z.pipe<z.ZodMiniTransform<z.input<S> | undefined, unknown>, z.ZodMiniOptional<S>>(
    z.transform((value: unknown) => blankToUndefined(value) as z.input<S> | undefined),
    z.optional(schema),
  );

/** A blank value is "missing" (the required message), not a malformed one. */
export const required = <S extends z.core.$ZodType>(schema: S) =>
  z.pipe<z.ZodMiniTransform<unknown, unknown>, S>(z.transform(blankToUndefined), schema);

export const phoneNumber = z.string(v.required).check(z.trim(), z.regex(/^\d*$/, v.phoneDigits), z.length(9, v.phoneLength));

export const birthDate = z.pipe(
  z.string(v.required).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, v.birthDate)),
  z.iso.date(v.birthDate).check(
    z.refine((value) => value >= "1990-01-01" && value <= new Date().toISOString().slice(0, 10), {
      ...v.birthDate,
      params: { code: "Range" },
    }),
  ),
);

export const uuid = z.string(v.required).check(z.uuid(v.invalid));

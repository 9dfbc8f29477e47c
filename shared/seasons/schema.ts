// A season as the organiser sets it in the console: its year and title, the registration period
// and fee its offer states, the camp's dates and place. The season form checks it, the route again.
import { z } from "zod";
import { saidToOrganiser } from "@/shared/i18n/said";
import { isoDateOf } from "@/shared/time";
import { reason } from "@/shared/validation/reason";

const o = saidToOrganiser;

/** A day as typed, dd.mm.yyyy (or yyyy-mm-dd), as "2027-05-12". */
const day = z
  .string(o.date)
  .trim()
  .transform((value, context) => {
    const iso = isoDateOf(value);
    if (iso === null) context.addIssue({ code: "custom", message: o.date.error(), params: { code: "Invalid" } });
    return iso ?? z.NEVER;
  });
/** The same, or nothing yet (empty). */
const optionalDay = z.preprocess((value) => (value === "" || value === null ? undefined : value), day.optional());

export const seasonSchema = z
  .object({
    year: z.number(o.seasonYear).int(o.seasonYear).min(2020, o.seasonYear).max(2100, o.seasonYear),
    title: z.string(o.seasonTitle).trim().min(1, o.seasonTitle).max(120, o.seasonTitle),
    registrationOpens: day,
    registrationCloses: day,
    feeSom: z.number(o.seasonFee).int(o.seasonFee).min(1_000, o.seasonFee).max(10_000_000, o.seasonFee),
    campStarts: optionalDay,
    campEnds: optionalDay,
    campPlace: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.string(o.campPlace).trim().min(3, o.campPlace).max(200, o.campPlace).optional(),
    ),
    reason,
    /** A new season only: where fresh items cannot fill a test, the fewest-seen exposed ones fill it (lib/seasons/carry.ts). */
    useExposed: z.boolean(o.useExposed).optional(),
  })
  .refine((s) => s.registrationOpens <= s.registrationCloses, {
    path: ["registrationCloses"],
    error: o.periodEndsBeforeStart.error,
    params: { code: "Range" },
  })
  .refine((s) => !s.campStarts || !s.campEnds || s.campStarts <= s.campEnds, {
    path: ["campEnds"],
    error: o.periodEndsBeforeStart.error,
    params: { code: "Range" },
  });
export type SeasonInput = z.input<typeof seasonSchema>;
export type SeasonSettings = z.output<typeof seasonSchema>;

// The schema of a subject's stage-one test as the organiser sets it: window, duration, PIN, counts and
// points. The test form checks it in the browser, the route handler again.
import { z } from "zod";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { maxTenths, pointsToTenths } from "@/shared/attempts/scoring";
import { organiserMessagesNow, said, saidToOrganiser } from "@/shared/i18n/said";
import { FIRST_INSTANT, isoDateOf } from "@/shared/time";
import { reason } from "@/shared/validation/reason";

const v = said;
const o = saidToOrganiser;

const points = z.number(v.required).min(0.1, o.points).max(100, o.points).multipleOf(0.1, o.points);
const count = z.number(v.required).int(o.count).min(1, o.count).max(200, o.count);
/** An instant from the console's first day on (before it, no time the form can mean or show back as typed). */
const instant = z.iso
  .datetime({ offset: true, ...o.dateTime })
  .refine((t) => Date.parse(t) >= FIRST_INSTANT, { ...o.dateTime, params: { code: "Range" } });

/** The most a stage-one test gives (spec §9: the score is out of 50.0). */
export const TEST_TOTAL_POINTS = 50;

export const testSettingsSchema = z
  .object({
    openedAt: instant,
    closedAt: instant,
    durationMinutes: z.number(v.required).int(o.duration).min(1, o.duration).max(600, o.duration).optional(),
    pinCode: z
      .string(v.required)
      .trim()
      .min(1, v.required)
      .regex(/^\d{4,8}$/, o.pinCode),
    easyCount: count.optional(),
    mediumCount: count.optional(),
    hardCount: count.optional(),
    easyPoints: points.optional(),
    mediumPoints: points.optional(),
    hardPoints: points.optional(),
    reviewPolicy: z.enum([ReviewPolicy.AfterClose, ReviewPolicy.AfterEnd]).optional(),
    /** Check-in opens this many minutes before the test (0: at the opening; at most a day). */
    checkInMinutes: z.number(v.required).int(o.checkInMinutes).min(0, o.checkInMinutes).max(1440, o.checkInMinutes).optional(),
    /** The certificates' date, dd.mm.yyyy (or yyyy-mm-dd); empty or null: the day the test closes. */
    certificateDate: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === "") return null;
        const iso = isoDateOf(value);
        if (iso === null) context.addIssue({ code: "custom", message: o.date.error(), params: { code: "Invalid" } });
        return iso ?? z.NEVER;
      })
      // Null (the default) as the form sends it after its own check.
      .nullable()
      .optional(),
    /** The subject's name, typed by the organiser to change the window or duration while pupils are testing. */
    confirmSubjectName: z.string().max(100).optional(),
    reason,
  })
  .refine((t) => new Date(t.openedAt) < new Date(t.closedAt), {
    path: ["closedAt"],
    error: o.closeBeforeOpen.error,
    params: { code: "Range" },
  })
  .refine(
    (t) => {
      // Counts and points come together or not at all, so that their total can be checked.
      const all = [t.easyCount, t.mediumCount, t.hardCount, t.easyPoints, t.mediumPoints, t.hardPoints];
      if (all.every((x) => x === undefined)) return true;
      return all.every((x) => x !== undefined) && totalTenths(t as Required<typeof t>) === TEST_TOTAL_POINTS * 10;
    },
    {
      path: ["hardPoints"],
      error: () => organiserMessagesNow().validation.totalPoints({ total: TEST_TOTAL_POINTS }),
      params: { code: "Invalid" },
    },
  );

/** The most a test with these counts and points gives, in tenths of a point. */
export function totalTenths(t: {
  easyCount: number;
  mediumCount: number;
  hardCount: number;
  easyPoints: number;
  mediumPoints: number;
  hardPoints: number;
}) {
  return maxTenths({
    ...t,
    easyPointsTenths: pointsToTenths(t.easyPoints),
    mediumPointsTenths: pointsToTenths(t.mediumPoints),
    hardPointsTenths: pointsToTenths(t.hardPoints),
  });
}
export type TestSettings = z.output<typeof testSettingsSchema>;

// When a test's appeals close: by the national testing's rule, at the end of the fifth working day
// (Tashkent) after the day the test closes, weekends and public holidays not counted; the working
// days, week and holidays come from the configuration, and the organiser may set another end for
// a test (tests.appeals_close_at). The one home of that rule: every read and check asks here.
import "server-only";
import { TZDate } from "@date-fns/tz";
import { addDays, endOfDay, format, getISODay } from "date-fns";
import { config } from "@/lib/config";
import type { AppealPhase } from "@/shared/appeals/schema";
import { TASHKENT_TIME_ZONE } from "@/shared/time";

export type WorkingCalendar = {
  workingDays: number;
  /** ISO weekdays worked: 1 Monday … 7 Sunday. */
  workingWeek: number[];
  /** "MM-DD" every year, "YYYY-MM-DD" once. */
  holidays: string[];
};

/** Whether a day (as Tashkent sees it) is a working day of the calendar. */
function isWorkingDay(day: TZDate, calendar: WorkingCalendar): boolean {
  if (!calendar.workingWeek.includes(getISODay(day))) return false;
  return !calendar.holidays.includes(format(day, "yyyy-MM-dd")) && !calendar.holidays.includes(format(day, "MM-dd"));
}

/** The last instant of the calendar's n-th working day after the day of `closedAt`, in Tashkent. */
export function workingDaysAfter(closedAt: Date, calendar: WorkingCalendar): Date {
  let day = new TZDate(closedAt.getTime(), TASHKENT_TIME_ZONE);
  for (let counted = 0; counted < calendar.workingDays; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, calendar)) counted++;
  }
  return new Date(endOfDay(day).getTime());
}

/** When a test's appeals close: the organiser's own end, or the configured working days after its close. */
export function appealsCloseAt(test: { closedAt: Date; appealsCloseAt: Date | null }, calendar: WorkingCalendar = config().appeals): Date {
  return test.appealsCloseAt ?? workingDaysAfter(test.closedAt, calendar);
}

/**
 * The appeal period at `now` of a test that closes at `closedAt` and whose appeals close at
 * `closesAt`: appeals open at the close (a practice test's pupil sees the key before it, at their
 * own end), and are over once `closesAt` has passed.
 */
export function appealPhase({ closedAt, closesAt }: { closedAt: Date; closesAt: Date }, now: Date): AppealPhase {
  if (now < closedAt) return "before";
  return now <= closesAt ? "open" : "over";
}

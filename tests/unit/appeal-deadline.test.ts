// When appeals close: five working days after the day a test closes (Tashkent), weekends and
// public holidays not counted, from the configuration; the organiser's own end wins.
import { describe, expect, test } from "vitest";
import { config } from "@/lib/config";
import { appealsCloseAt, workingDaysAfter } from "@/lib/subject-tests/appeals-deadline";

const calendar = { workingDays: 5, workingWeek: [1, 2, 3, 4, 5], holidays: ["12-08", "2027-03-10"] };
/** An instant given in Tashkent time. */
const tashkent = (text: string) => new Date(`${text}+05:00`);

describe("the appeal deadline", () => {
  test("a test closing on a Friday: the weekend is not counted, the fifth working day is the next Friday", () => {
    expect(workingDaysAfter(tashkent("2026-11-27T12:00:00"), calendar)).toEqual(tashkent("2026-12-04T23:59:59.999"));
  });

  test("across a weekend and a public holiday (Constitution Day, Tuesday 8 December 2026)", () => {
    // Thursday 3 Dec: Fri 4 (1), Mon 7 (2), Tue 8 a holiday, Wed 9 (3), Thu 10 (4), Fri 11 (5).
    expect(workingDaysAfter(tashkent("2026-12-03T15:00:00"), calendar)).toEqual(tashkent("2026-12-11T23:59:59.999"));
    // Without the holiday it would end on Thursday 10.
    expect(workingDaysAfter(tashkent("2026-12-03T15:00:00"), { ...calendar, holidays: [] })).toEqual(tashkent("2026-12-10T23:59:59.999"));
  });

  test("a holiday given for one year only, and a close late in the evening in Tashkent", () => {
    // Friday 5 March 2027: Mon 8 (1; not listed here), Tue 9 (2), Wed 10 listed for 2027 only, Thu 11 (3), Fri 12 (4), Mon 15 (5).
    expect(workingDaysAfter(tashkent("2027-03-05T23:30:00"), calendar)).toEqual(tashkent("2027-03-15T23:59:59.999"));
    // 23:30 in Tashkent is 18:30 UTC of the same day: the day of the close is Tashkent's.
    expect(workingDaysAfter(new Date("2026-11-26T19:30:00Z"), calendar)).toEqual(tashkent("2026-12-04T23:59:59.999"));
  });

  test("a six-day working week counts Saturdays", () => {
    expect(workingDaysAfter(tashkent("2026-11-27T12:00:00"), { ...calendar, workingWeek: [1, 2, 3, 4, 5, 6] })).toEqual(
      tashkent("2026-12-03T23:59:59.999"),
    );
  });

  test("the organiser's own end wins; without it the configured calendar decides", () => {
    const own = tashkent("2026-12-20T18:00:00");
    expect(appealsCloseAt({ closedAt: tashkent("2026-11-27T12:00:00"), appealsCloseAt: own }, calendar)).toEqual(own);
    expect(config().appeals.holidays).toContain("12-08");
    expect(appealsCloseAt({ closedAt: tashkent("2026-12-03T15:00:00"), appealsCloseAt: null })).toEqual(
      tashkent("2026-12-11T23:59:59.999"),
    );
  });
});

// What the test form holds (Tashkent wall-clock times as typed), its defaults, and how it is
// checked: the shared schema, on the settings as they are sent, in UTC.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { TestView } from "@/lib/subject-tests/subject-tests";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { type TestSettings, testSettingsSchema } from "@/shared/subject-tests/schema";
import { dateTextOf, formatTashkent, fromTashkentText } from "@/shared/time";

export type TestFormValues = Omit<TestSettings, "openedAt" | "closedAt" | "certificateDate"> & {
  openedAt: string;
  closedAt: string;
  /** dd.mm.yyyy, or empty: the day the test closes. */
  certificateDate: string;
};

/** The form holds Tashkent wall-clock times; the shared schema checks what is sent, in UTC. */
const toSettings = (values: TestFormValues): Record<string, unknown> => ({
  ...values,
  openedAt: fromTashkentText(values.openedAt) ?? values.openedAt,
  closedAt: fromTashkentText(values.closedAt) ?? values.closedAt,
  confirmSubjectName: values.confirmSubjectName || undefined,
});

export const testFormResolver: Resolver<TestFormValues> = (values, context, options) =>
  (zodResolver(testSettingsSchema) as unknown as Resolver<TestFormValues>)(toSettings(values) as TestFormValues, context, options);

export function testFormDefaults(test: TestView | null): TestFormValues {
  const hour = 3_600_000;
  return {
    openedAt: formatTashkent(test?.openedAt ?? new Date(Math.ceil(Date.now() / hour) * hour).toISOString()),
    closedAt: formatTashkent(test?.closedAt ?? new Date(Math.ceil(Date.now() / hour) * hour + 4 * hour).toISOString()),
    durationMinutes: test?.durationMinutes ?? 90,
    pinCode: test?.pinCode ?? "",
    easyCount: test?.easyCount ?? 10,
    mediumCount: test?.mediumCount ?? 10,
    hardCount: test?.hardCount ?? 10,
    easyPoints: test?.easyPoints ?? 1,
    mediumPoints: test?.mediumPoints ?? 1.5,
    hardPoints: test?.hardPoints ?? 2.5,
    reviewPolicy: test?.reviewPolicy ?? ReviewPolicy.AfterClose,
    certificateDate: test?.certificateDate ? dateTextOf(test.certificateDate) : "",
    checkInMinutes: test?.checkInMinutes ?? 60,
    confirmSubjectName: "",
    reason: "",
  };
}

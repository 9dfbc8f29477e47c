// The test form's parts, each about one thing: the window and the PIN, the scoring and its total,
// the review policy, check-in, the certificate's date, and the confirmation while pupils test.
"use client";

import { type UseFormReturn, useWatch } from "react-hook-form";
import { useLocale, useLocalName } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { SubjectTest } from "@/lib/subject-tests/subject-tests";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { tenthsToPoints } from "@/shared/attempts/scoring";
import { points } from "@/shared/i18n/numbers";
import { TEST_TOTAL_POINTS, totalTenths } from "@/shared/subject-tests/schema";
import type { TestFormValues } from "./test-form-values";

type Form = { form: UseFormReturn<TestFormValues> };

/** The counts and points, each labelled by its own message (tests.easyCount, …). */
const NUMBER_FIELDS = ["easyCount", "mediumCount", "hardCount", "easyPoints", "mediumPoints", "hardPoints"] as const;

const randomPin = () => String(crypto.getRandomValues(new Uint32Array(1))[0] % 10_000).padStart(4, "0");

/** When the test opens and closes (Tashkent time), its minutes, and its PIN with "Yaratish". */
export function WindowFields({ form }: Form) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.tests, messages.common];
  const { errors } = form.formState;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(["openedAt", "closedAt"] as const).map((moment) => (
        <Field key={moment} id={moment} label={texts[moment]} hint={common.tashkentTime} error={errors[moment]?.message}>
          <Input
            id={moment}
            placeholder={texts.dateTimePlaceholder}
            autoComplete="off"
            maxLength={20}
            invalid={Boolean(errors[moment])}
            {...form.register(moment)}
          />
        </Field>
      ))}
      <Field id="durationMinutes" label={texts.duration} error={errors.durationMinutes?.message}>
        <Input
          id="durationMinutes"
          type="number"
          inputMode="numeric"
          invalid={Boolean(errors.durationMinutes)}
          {...form.register("durationMinutes", { valueAsNumber: true })}
        />
      </Field>
      <Field id="pinCode" label={texts.pinCode} error={errors.pinCode?.message}>
        <div className="flex gap-2">
          <Input id="pinCode" inputMode="numeric" maxLength={8} invalid={Boolean(errors.pinCode)} {...form.register("pinCode")} />
          <Button variant="secondary" onClick={() => form.setValue("pinCode", randomPin(), { shouldValidate: true })}>
            {texts.generatePin}
          </Button>
        </div>
      </Field>
    </div>
  );
}

/** The counts and points of each difficulty, and their total (green when it is the test's total). */
export function ScoringFields({ form }: Form) {
  const texts = useOrganiserMessages().tests;
  const locale = useLocale();
  const { errors } = form.formState;
  const scoring = useWatch({ control: form.control, name: NUMBER_FIELDS });
  const [easyCount, mediumCount, hardCount, easyPoints, mediumPoints, hardPoints] = scoring.map((x) => Number(x) || 0);
  const total = tenthsToPoints(totalTenths({ easyCount, mediumCount, hardCount, easyPoints, mediumPoints, hardPoints }));
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {NUMBER_FIELDS.map((name) => (
          <Field key={name} id={name} label={texts[name]} error={errors[name]?.message}>
            <Input
              id={name}
              type="number"
              step={name.endsWith("Points") ? 0.1 : 1}
              inputMode="decimal"
              invalid={Boolean(errors[name])}
              {...form.register(name, { valueAsNumber: true })}
            />
          </Field>
        ))}
      </div>
      <p
        className={total === TEST_TOTAL_POINTS ? "text-sm font-semibold text-green-700" : "text-sm font-semibold text-red-700"}
        data-testid="total-points"
      >
        {texts.totalPoints({ total: points(locale, total) })}
      </p>
    </>
  );
}

/** When pupils may review their answers; after their own end is warned about. */
export function ReviewPolicyField({ form }: Form) {
  const messages = useOrganiserMessages();
  const texts = messages.tests;
  const reviewPolicy = useWatch({ control: form.control, name: "reviewPolicy" });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{texts.reviewPolicy}</legend>
      {[
        [ReviewPolicy.AfterClose, texts.afterClose],
        [ReviewPolicy.AfterEnd, texts.afterEnd],
      ].map(([value, label]) => (
        <label key={value} className="flex items-start gap-2 text-sm">
          <input type="radio" value={value} className="mt-1 size-4" {...form.register("reviewPolicy")} />
          <span>{label}</span>
        </label>
      ))}
      {reviewPolicy === ReviewPolicy.AfterEnd && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="alert">
          {messages.afterEndWarning}
        </p>
      )}
    </fieldset>
  );
}

/** The check-in's minutes before the opening, against the minutes the registered pupils need. */
export function CheckInField({ form, checkIn }: Form & { checkIn: SubjectTest["checkIn"] }) {
  const texts = useOrganiserMessages().tests;
  const { errors } = form.formState;
  const checkInMinutes = Number(useWatch({ control: form.control, name: "checkInMinutes" })) || 0;
  return (
    <>
      <Field id="checkInMinutes" label={texts.checkInMinutes} hint={texts.checkInMinutesHint} error={errors.checkInMinutes?.message}>
        <Input
          id="checkInMinutes"
          type="number"
          step={1}
          inputMode="numeric"
          className="max-w-48"
          invalid={Boolean(errors.checkInMinutes)}
          {...form.register("checkInMinutes", { valueAsNumber: true })}
        />
      </Field>
      <p
        className={checkInMinutes >= checkIn.minutesNeeded ? "text-sm text-slate-600" : "text-sm font-semibold text-amber-800"}
        data-testid="check-in-needed"
      >
        {texts.checkInNeeded({ count: checkIn.pupils, minutes: checkIn.minutesNeeded, perSecond: checkIn.perSecond })}
        {checkInMinutes < checkIn.minutesNeeded && ` ${texts.checkInShort}`}
      </p>
    </>
  );
}

/** With pupils testing (or when the server asked for it): why, and the subject's name to type. */
export function RunningConfirmation({ form, item, confirmation }: Form & { item: SubjectTest; confirmation: string | null }) {
  const texts = useOrganiserMessages().tests;
  const local = useLocalName();
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200" data-testid="running-warning">
      {item.running > 0 && <p className="text-sm font-semibold text-red-800">{texts.running({ count: item.running })}</p>}
      <p className="text-sm text-red-800">{confirmation ?? texts.runningWarning}</p>
      <Field id="confirmSubjectName" label={`${texts.confirmSubjectName}: ${local(item.subjectName)}`}>
        <Input id="confirmSubjectName" autoComplete="off" {...form.register("confirmSubjectName")} />
      </Field>
    </div>
  );
}

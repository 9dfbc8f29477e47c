// A subject's test: the window in Tashkent time, duration, PIN (with "Yaratish"), counts and
// points with their total, the review policy; with pupils testing, the subject's name to confirm.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useLocale, useLocalName } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { showFormError } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { ReviewPolicy } from "@/lib/attempts/enums";
import { tenthsToPoints } from "@/lib/attempts/scoring";
import { ApiError, api } from "@/lib/http/client";
import { ErrorCode } from "@/lib/http/contract";
import { points } from "@/lib/i18n/numbers";
import type { SubjectTest, TestView } from "@/lib/organiser/tests";
import { dateTextOf, formatTashkent, fromTashkentText } from "@/lib/time";
import { TEST_TOTAL_POINTS, type TestSettings, testSettingsSchema, totalTenths } from "@/lib/validation/organiser";

type FormValues = Omit<TestSettings, "openedAt" | "closedAt" | "certificateDate"> & {
  openedAt: string;
  closedAt: string;
  /** dd.mm.yyyy, or empty: the day the test closes. */
  certificateDate: string;
};

/** The counts and points, each labelled by its own message (tests.easyCount, …). */
const NUMBER_FIELDS = ["easyCount", "mediumCount", "hardCount", "easyPoints", "mediumPoints", "hardPoints"] as const;

/** The form holds Tashkent wall-clock times; the shared schema checks what is sent, in UTC. */
const toSettings = (values: FormValues): Record<string, unknown> => ({
  ...values,
  openedAt: fromTashkentText(values.openedAt) ?? values.openedAt,
  closedAt: fromTashkentText(values.closedAt) ?? values.closedAt,
  confirmSubjectName: values.confirmSubjectName || undefined,
});
const resolver: Resolver<FormValues> = (values, context, options) =>
  (zodResolver(testSettingsSchema) as unknown as Resolver<FormValues>)(toSettings(values) as FormValues, context, options);

const randomPin = () => String(crypto.getRandomValues(new Uint32Array(1))[0] % 10_000).padStart(4, "0");

function defaults(test: TestView | null): FormValues {
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

export function TestForm({ item, onDone }: { item: SubjectTest; onDone: () => void }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const [t, c] = [messages.tests, messages.common];
  const local = useLocalName();
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({ resolver, defaultValues: defaults(item.test) });
  const { errors } = form.formState;
  const scoring = useWatch({
    control: form.control,
    name: ["easyCount", "mediumCount", "hardCount", "easyPoints", "mediumPoints", "hardPoints"],
  });
  const reviewPolicy = useWatch({ control: form.control, name: "reviewPolicy" });
  const checkInMinutes = Number(useWatch({ control: form.control, name: "checkInMinutes" })) || 0;
  const [easyCount, mediumCount, hardCount, easyPoints, mediumPoints, hardPoints] = scoring.map((x) => Number(x) || 0);
  const total = tenthsToPoints(totalTenths({ easyCount, mediumCount, hardCount, easyPoints, mediumPoints, hardPoints }));

  const [confirmation, setConfirmation] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (settings: TestSettings) => api<TestView>(`/admin/subjects/${item.subjectId}/test`, { method: "PUT", body: settings }),
    onSuccess: async () => {
      toast.success(t.saved, { id: "test-saved" });
      await queryClient.invalidateQueries({ queryKey: ["organiser"] });
      router.refresh();
      onDone();
    },
    onError: (error) => {
      // A 422 is shown under its fields; anything else as a toast. 4007 (type the name) also
      // opens the confirmation with the server's reason (pupils testing, a key already shown).
      if (error instanceof ApiError && error.code === ErrorCode.ConfirmationRequired) setConfirmation(error.message);
      showFormError(form, error);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((settings) => save.mutate(settings as unknown as TestSettings))}
      className="mt-4 flex flex-col gap-4"
      data-testid="test-form"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="openedAt" label={t.openedAt} hint={c.tashkentTime} error={errors.openedAt?.message}>
          <Input
            id="openedAt"
            placeholder={t.dateTimePlaceholder}
            autoComplete="off"
            maxLength={20}
            invalid={Boolean(errors.openedAt)}
            {...form.register("openedAt")}
          />
        </Field>
        <Field id="closedAt" label={t.closedAt} hint={c.tashkentTime} error={errors.closedAt?.message}>
          <Input
            id="closedAt"
            placeholder={t.dateTimePlaceholder}
            autoComplete="off"
            maxLength={20}
            invalid={Boolean(errors.closedAt)}
            {...form.register("closedAt")}
          />
        </Field>
        <Field id="durationMinutes" label={t.duration} error={errors.durationMinutes?.message}>
          <Input
            id="durationMinutes"
            type="number"
            inputMode="numeric"
            invalid={Boolean(errors.durationMinutes)}
            {...form.register("durationMinutes", { valueAsNumber: true })}
          />
        </Field>
        <Field id="pinCode" label={t.pinCode} error={errors.pinCode?.message}>
          <div className="flex gap-2">
            <Input id="pinCode" inputMode="numeric" maxLength={8} invalid={Boolean(errors.pinCode)} {...form.register("pinCode")} />
            <Button variant="secondary" onClick={() => form.setValue("pinCode", randomPin(), { shouldValidate: true })}>
              {t.generatePin}
            </Button>
          </div>
        </Field>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {NUMBER_FIELDS.map((name) => (
          <Field key={name} id={name} label={t[name]} error={errors[name]?.message}>
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
        {t.totalPoints({ total: points(locale, total) })}
      </p>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t.reviewPolicy}</legend>
        {[
          [ReviewPolicy.AfterClose, t.afterClose],
          [ReviewPolicy.AfterEnd, t.afterEnd],
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

      <Field id="checkInMinutes" label={t.checkInMinutes} hint={t.checkInMinutesHint} error={errors.checkInMinutes?.message}>
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
        className={checkInMinutes >= item.checkIn.minutesNeeded ? "text-sm text-slate-600" : "text-sm font-semibold text-amber-800"}
        data-testid="check-in-needed"
      >
        {t.checkInNeeded({ count: item.checkIn.pupils, minutes: item.checkIn.minutesNeeded, perSecond: item.checkIn.perSecond })}
        {checkInMinutes < item.checkIn.minutesNeeded && ` ${t.checkInShort}`}
      </p>

      <Field id="certificateDate" label={t.certificateDate} hint={t.certificateDateHint} error={errors.certificateDate?.message}>
        <Input
          id="certificateDate"
          inputMode="numeric"
          placeholder={t.datePlaceholder}
          maxLength={10}
          className="max-w-48"
          invalid={Boolean(errors.certificateDate)}
          {...form.register("certificateDate")}
        />
      </Field>

      {(item.running > 0 || confirmation) && (
        <div className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200" data-testid="running-warning">
          {item.running > 0 && <p className="text-sm font-semibold text-red-800">{t.running({ count: item.running })}</p>}
          <p className="text-sm text-red-800">{confirmation ?? t.runningWarning}</p>
          <Field id="confirmSubjectName" label={`${t.confirmSubjectName}: ${local(item.subjectName)}`}>
            <Input id="confirmSubjectName" autoComplete="off" {...form.register("confirmSubjectName")} />
          </Field>
        </div>
      )}

      <Field id="test-reason" label={c.reason} hint={c.reasonHint} error={errors.reason?.message}>
        <Input id="test-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
      </Field>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {c.cancel}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {c.save}
        </Button>
      </div>
    </form>
  );
}

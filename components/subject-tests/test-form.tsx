// A subject's test: the window in Tashkent time, duration, PIN (with "Yaratish"), counts and
// points with their total, the review policy; with pupils testing, the subject's name to confirm.
// Each part of the form is in test-form-sections.tsx; its values and checks in test-form-values.ts.
"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { showFormError } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import type { SubjectTest, TestView } from "@/lib/subject-tests/subject-tests";
import { ApiError, api } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";
import type { TestSettings } from "@/shared/subject-tests/schema";
import { CheckInField, ReviewPolicyField, RunningConfirmation, ScoringFields, WindowFields } from "./test-form-sections";
import { type TestFormValues, testFormDefaults, testFormResolver } from "./test-form-values";

export function TestForm({ item, onDone }: { item: SubjectTest; onDone: () => void }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.tests, messages.common];
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<TestFormValues>({ resolver: testFormResolver, defaultValues: testFormDefaults(item.test) });
  const { errors } = form.formState;

  const [confirmation, setConfirmation] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (settings: TestSettings) => api<TestView>(`/admin/subjects/${item.subjectId}/test`, { method: "PUT", body: settings }),
    onSuccess: async () => {
      toast.success(texts.saved, { id: "test-saved" });
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
      <WindowFields form={form} />
      <ScoringFields form={form} />
      <ReviewPolicyField form={form} />
      <CheckInField form={form} checkIn={item.checkIn} />

      <Field id="certificateDate" label={texts.certificateDate} hint={texts.certificateDateHint} error={errors.certificateDate?.message}>
        <Input
          id="certificateDate"
          inputMode="numeric"
          placeholder={texts.datePlaceholder}
          maxLength={10}
          className="max-w-48"
          invalid={Boolean(errors.certificateDate)}
          aria-describedby={errors.certificateDate ? "certificateDate-error certificateDate-issued" : "certificateDate-issued"}
          {...form.register("certificateDate")}
        />
        {/* What was issued stays issued: a new date is for the certificates issued after it. */}
        <p id="certificateDate-issued" className="text-xs text-slate-600" data-testid="certificate-date-issued">
          {texts.certificateDateIssued}
        </p>
      </Field>

      {(item.running > 0 || confirmation) && <RunningConfirmation form={form} item={item} confirmation={confirmation} />}

      <Field id="test-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
        <Input id="test-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
      </Field>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {common.cancel}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {common.save}
        </Button>
      </div>
    </form>
  );
}

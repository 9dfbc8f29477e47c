// The list's minute ("20.06.2026 10:00", Tashkent): when the final list becomes public to families,
// pupils, the public check and the chat-bot; empty: at its finalisation (only before it is
// finalised). Always with a reason, which the audit log keeps. Shown while the list is not public.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { showFormError } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { resultsMinuteSchema } from "@/shared/appeals/console";
import { ApiError, api } from "@/shared/http/client";

type MinuteValues = { resultsAt: string | null; reason: string };

/** An empty field is no minute (null), as the route takes it. */
const minuteResolver: Resolver<MinuteValues> = (values, context, options) =>
  (zodResolver(resultsMinuteSchema) as unknown as Resolver<MinuteValues>)(
    { ...values, resultsAt: values.resultsAt?.trim() ? values.resultsAt.trim() : null },
    context,
    options,
  );

/** `minute`: the minute set, as the field shows it ("20.06.2026 10:00"), or "". */
export function ResultsMinuteForm({ testId, minute }: { testId: number; minute: string }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.appeals, messages.common];
  const router = useRouter();
  const form = useForm<MinuteValues>({ resolver: minuteResolver, defaultValues: { resultsAt: minute, reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await api(`/admin/tests/${testId}/results-minute`, { method: "PUT", body: values });
      toast.success(texts.minuteSaved, { id: "results-minute" });
      form.reset({ resultsAt: values.resultsAt ?? "", reason: "" });
      router.refresh();
    } catch (error) {
      showFormError(form, error);
      // The route's codes for this field, in this form's words: not a time, not ahead, needed once final.
      const code = error instanceof ApiError ? error.validationErrorCodes.resultsAt?.[0] : undefined;
      const words: Record<string, string> = { Range: texts.minuteFuture, Required: texts.minuteRequired };
      if (code) form.setError("resultsAt", { message: words[code] ?? messages.validation.dateTime });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-3 border-t border-slate-100 pt-3" data-testid="results-minute-form">
      <h3 className="text-sm font-semibold text-slate-900">{texts.minuteTitle}</h3>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <Field id="results-minute-at" label={texts.minuteField} hint={texts.minuteHint} error={errors.resultsAt?.message}>
          <Input
            id="results-minute-at"
            autoComplete="off"
            inputMode="numeric"
            placeholder="20.06.2026 10:00"
            maxLength={40}
            invalid={Boolean(errors.resultsAt)}
            {...form.register("resultsAt")}
          />
        </Field>
        <Field id="results-minute-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
          <Input
            id="results-minute-reason"
            autoComplete="off"
            maxLength={500}
            invalid={Boolean(errors.reason)}
            {...form.register("reason")}
          />
        </Field>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="secondary" pending={isSubmitting} data-testid="results-minute-save">
          {texts.minuteSave}
        </Button>
      </div>
    </form>
  );
}

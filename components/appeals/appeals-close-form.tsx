// The organiser's own end of a test's appeals ("05.12.2026 18:00", Tashkent), or back to the
// national rule when left empty; always with a reason, which the audit log keeps. An earlier end
// than families were shown is saved only once confirmed, the server naming how many it reaches.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { showFormError } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { appealsCloseSchema } from "@/shared/appeals/console";
import { ApiError, api } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";

type CloseValues = { appealsCloseAt: string | null; reason: string };

/** An empty field is the national rule (null), as the route takes it. */
const closeResolver: Resolver<CloseValues> = (values, context, options) =>
  (zodResolver(appealsCloseSchema) as unknown as Resolver<CloseValues>)(
    { ...values, appealsCloseAt: values.appealsCloseAt?.trim() ? values.appealsCloseAt.trim() : null },
    context,
    options,
  );

/** `ownClose`: the organiser's end as the field shows it ("05.12.2026 18:00"), or "" under the national rule. */
export function AppealsCloseForm({ testId, ownClose }: { testId: number; ownClose: string }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.appeals, messages.common];
  const router = useRouter();
  const form = useForm<CloseValues>({ resolver: closeResolver, defaultValues: { appealsCloseAt: ownClose, reason: "" } });
  const { errors, isSubmitting } = form.formState;
  // The server's question before an earlier end: how many families it reaches, from when to when.
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const send = (confirmEarlier: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await api(`/admin/tests/${testId}/appeals-close`, { method: "PUT", body: { ...values, confirmEarlier } });
        setConfirmation(null);
        toast.success(texts.closeSaved, { id: "appeals-close" });
        form.reset({ appealsCloseAt: values.appealsCloseAt ?? "", reason: "" });
        router.refresh();
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.ConfirmationRequired) return setConfirmation(error.message);
        showFormError(form, error);
        // The route's codes for this field, in this form's words: not a time (Pattern), not after the test's close (Range).
        const code = error instanceof ApiError ? error.validationErrorCodes.appealsCloseAt?.[0] : undefined;
        if (code) form.setError("appealsCloseAt", { message: code === "Range" ? texts.closeAfterTest : messages.validation.dateTime });
      }
    });
  const submit = send(false);
  return (
    <form onSubmit={submit} noValidate className="mt-3 border-t border-slate-100 pt-3" data-testid="appeals-close-form">
      <h3 className="text-sm font-semibold text-slate-900">{texts.closeTitle}</h3>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <Field id="appeals-close-at" label={texts.closeField} hint={texts.closeHint} error={errors.appealsCloseAt?.message}>
          <Input
            id="appeals-close-at"
            autoComplete="off"
            inputMode="numeric"
            placeholder="05.12.2026 18:00"
            maxLength={40}
            invalid={Boolean(errors.appealsCloseAt)}
            {...form.register("appealsCloseAt")}
          />
        </Field>
        <Field id="appeals-close-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
          <Input
            id="appeals-close-reason"
            autoComplete="off"
            maxLength={500}
            invalid={Boolean(errors.reason)}
            {...form.register("reason")}
          />
        </Field>
      </div>
      {confirmation && (
        <div
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          role="alert"
          data-testid="appeals-close-confirm"
        >
          <p>{confirmation}</p>
          <div className="mt-2 flex justify-end">
            <Button type="button" variant="danger" pending={isSubmitting} onClick={send(true)} data-testid="appeals-close-confirmed">
              {texts.closeConfirm}
            </Button>
          </div>
        </div>
      )}
      <div className="mt-3 flex justify-end">
        <Button type="submit" variant="secondary" pending={isSubmitting} data-testid="appeals-close-save">
          {texts.closeSave}
        </Button>
      </div>
    </form>
  );
}

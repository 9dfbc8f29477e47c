// The registration form: pupil details, the offer agreement and "To'lovga o'tish".
"use client";

import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { preloadDialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/field";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { showServerErrors } from "@/components/ui/server-errors";
import { preloadToasts, toast } from "@/components/ui/toast";
import type { ReferenceData } from "@/lib/reference/types";
import { api } from "@/shared/http/client";
import type { RegistrationDetails, RegistrationFormValues } from "@/shared/registration/schema";
import { ACCOMMODATION_MAX, type RegisterStatus } from "@/shared/registration/types";
import { OfferDialog } from "./offer-dialog";
import { PupilFields, type PupilFormValues } from "./pupil-fields";

const resolver = lazyZodResolver<PupilFormValues>(() => import("@/shared/registration/schema").then((m) => m.registrationFormSchema));

// The schema, the offer's dialog, the toasts and the payment step start loading when the parent
// first touches the form.
const preload = () => {
  resolver.preload();
  preloadDialog().catch(() => {});
  preloadToasts().catch(() => {}); // a failed save is told in a toast, network or not
  import("./payment-panel").catch(() => {});
};

type Props = {
  guid: string;
  /** The offer's text, rendered by the server. */
  offer: ReactNode;
  reference: ReferenceData;
  initialDetails: RegistrationDetails | null;
  onRegistered: (status: RegisterStatus, details: RegistrationDetails) => void;
};

export function RegistrationForm({ guid, offer, reference, initialDetails, onRegistered }: Props) {
  const messages = useMessages();
  const form = useForm<PupilFormValues>({
    resolver,
    defaultValues: { language: 0, ...(initialDetails ?? {}), agreement: false },
    mode: "onTouched",
  });
  const agreement = useWatch({ control: form.control, name: "agreement" }) === true;
  const [offerOpen, setOfferOpen] = useState(false);

  const mutation = useMutation({
    mutationFn: (details: RegistrationDetails) =>
      api<RegisterStatus>("/Registration/Register", { method: "POST", body: { ...details, guid } }),
    onSuccess: (status, details) => onRegistered(status, details),
    onError: (error) => {
      const server = showServerErrors(form, error);
      toast.error(messages.registration.saveFailed, {
        id: "registration-save",
        position: "top-center",
        description: server && server.status !== 422 ? server.message : undefined,
      });
    },
  });

  const submit = form.handleSubmit((values) => {
    const { agreement: _agreed, ...details } = values as RegistrationFormValues;
    mutation.mutate(details);
  });

  return (
    <form onSubmit={submit} onFocus={preload} noValidate className="flex flex-col gap-5">
      <PupilFields form={form} reference={reference} />

      <Field
        id="accommodation"
        label={messages.registration.accommodation}
        hint={messages.registration.optional}
        error={form.formState.errors.accommodation?.message as string | undefined}
      >
        <p id="accommodation-hint" className="text-sm text-slate-600">
          {messages.registration.accommodationHint}
        </p>
        <Textarea
          id="accommodation"
          rows={3}
          maxLength={ACCOMMODATION_MAX}
          describedBy="accommodation-hint"
          invalid={Boolean(form.formState.errors.accommodation)}
          {...form.register("accommodation")}
        />
      </Field>

      <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <input
          type="checkbox"
          name="agreement"
          className="mt-0.5 size-5 shrink-0 accent-primary-600"
          checked={agreement}
          onChange={() => {
            if (agreement) form.setValue("agreement", false);
            else setOfferOpen(true);
          }}
        />
        <span>{messages.registration.agreement}</span>
      </label>

      <OfferDialog
        open={offerOpen}
        text={offer}
        onConfirm={() => {
          form.setValue("agreement", true, { shouldValidate: true });
          setOfferOpen(false);
        }}
      />

      <Button type="submit" disabled={!agreement} pending={mutation.isPending} className="w-full sm:w-auto sm:self-end">
        {messages.registration.submit}
      </Button>
    </form>
  );
}

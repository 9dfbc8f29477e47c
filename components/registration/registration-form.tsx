// The registration form: pupil details, the offer agreement and "To'lovga o'tish".
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { showServerErrors } from "@/components/ui/server-errors";
import { api } from "@/lib/http/client";
import { uz } from "@/lib/i18n/uz";
import type { ReferenceData } from "@/lib/reference/types";
import type { RegisterStatus } from "@/lib/registration/types";
import { type PupilDetails, type RegistrationFormValues, registrationFormSchema } from "@/lib/validation/registration";
import { OfferDialog } from "./offer-dialog";
import { PupilFields, type PupilFormValues } from "./pupil-fields";

type Props = {
  guid: string;
  reference: ReferenceData;
  initialDetails: PupilDetails | null;
  onRegistered: (status: RegisterStatus, details: PupilDetails) => void;
};

export function RegistrationForm({ guid, reference, initialDetails, onRegistered }: Props) {
  const form = useForm<PupilFormValues>({
    resolver: zodResolver(registrationFormSchema) as unknown as Resolver<PupilFormValues>,
    defaultValues: { ...(initialDetails ?? {}), agreement: false },
    mode: "onTouched",
  });
  const agreement = useWatch({ control: form.control, name: "agreement" }) === true;
  const [offerOpen, setOfferOpen] = useState(false);

  const mutation = useMutation({
    mutationFn: (details: PupilDetails) => api<RegisterStatus>("/Registration/Register", { method: "POST", body: { ...details, guid } }),
    onSuccess: (status, details) => onRegistered(status, details),
    onError: (error) => {
      const server = showServerErrors(form, error);
      toast.error(uz.registration.saveFailed, {
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <PupilFields form={form} reference={reference} />

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
        <span>{uz.registration.agreement}</span>
      </label>

      <OfferDialog
        open={offerOpen}
        onConfirm={() => {
          form.setValue("agreement", true, { shouldValidate: true });
          setOfferOpen(false);
        }}
      />

      <Button type="submit" disabled={!agreement} pending={mutation.isPending} className="w-full sm:w-auto sm:self-end">
        {uz.registration.submit}
      </Button>
    </form>
  );
}

// The registration page by status: form, payment panel, success or "already registered".
"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Result } from "@/components/ui/result";
import { api } from "@/lib/http/client";
import { uz } from "@/lib/i18n/uz";
import type { PaymentOptions } from "@/lib/payments/links";
import type { ReferenceData } from "@/lib/reference/types";
import type { RegisterStatus } from "@/lib/registration/types";
import type { PupilDetails } from "@/lib/validation/registration";
import { PaymentPanel } from "./payment-panel";
import { RegistrationForm } from "./registration-form";

type Props = {
  guid: string;
  registerSuccess: boolean;
  initialStatus: RegisterStatus;
  initialDetails: PupilDetails | null;
  reference: ReferenceData;
  payment: PaymentOptions;
};

export function RegistrationView({ guid, registerSuccess, initialStatus, initialDetails, reference, payment }: Props) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const statusKey = ["registration-status", guid];
  const { data: status, refetch } = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api<RegisterStatus>("/Registration/GetRegisterStatus", { query: { guid }, signal }),
    initialData: initialStatus,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const [details, setDetails] = useState(initialDetails);
  const [editing, setEditing] = useState(false);

  if (status.status === 2) {
    return registerSuccess ? (
      <Result status="success" title={uz.registration.success} />
    ) : (
      <Result status="info" title={uz.registration.alreadyRegistered} />
    );
  }

  if (status.status === 1 && !editing) {
    return (
      <PaymentPanel
        guid={guid}
        options={payment}
        onEdit={() => setEditing(true)}
        onCardPaid={async () => {
          const { data: fresh } = await refetch();
          if (fresh && fresh.status > 0) router.replace(`/register/${guid}?registerSuccess=true`);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{uz.registration.lead}</p>
      <RegistrationForm
        guid={guid}
        reference={reference}
        initialDetails={details}
        onRegistered={(fresh, saved) => {
          setDetails(saved);
          setEditing(false);
          queryClient.setQueryData(statusKey, fresh);
        }}
      />
    </div>
  );
}

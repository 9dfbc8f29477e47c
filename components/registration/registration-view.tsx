// The registration page by status: form, payment panel, success or "already registered".
"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Result } from "@/components/ui/result";
import { api } from "@/lib/http/client";
import { uz } from "@/lib/i18n/uz";
import type { PaymentOptions } from "@/lib/payments/links";
import type { Credentials } from "@/lib/payments/types";
import type { ReferenceData } from "@/lib/reference/types";
import { RegistrationStatus } from "@/lib/registration/status";
import type { RegisterStatus } from "@/lib/registration/types";
import type { PupilDetails } from "@/lib/validation/registration";
import { CredentialsCard } from "./credentials-card";
import { PaymentPanel } from "./payment-panel";
import { RegistrationForm } from "./registration-form";

type Props = {
  guid: string;
  registerSuccess: boolean;
  initialStatus: RegisterStatus;
  initialDetails: PupilDetails | null;
  reference: ReferenceData;
  payment: PaymentOptions;
  /** Server-rendered with the page once paid (the guid link is the parent's secret). */
  credentials: Credentials | null;
};

export function RegistrationView({ guid, registerSuccess, initialStatus, initialDetails, reference, payment, credentials }: Props) {
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
  // Paid while this page was open (another tab, the card): the credentials come with the page.
  const refreshed = useRef(false);
  useEffect(() => {
    if (status.status === RegistrationStatus.Paid && !credentials && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [status.status, credentials, router]);
  const [editing, setEditing] = useState(false);

  if (status.status === RegistrationStatus.Paid) {
    return (
      <div className="flex flex-col gap-2 pb-4">
        {registerSuccess ? (
          <Result status="success" title={uz.registration.success} />
        ) : (
          <Result status="info" title={uz.registration.alreadyRegistered} />
        )}
        {credentials && <CredentialsCard credentials={credentials} />}
      </div>
    );
  }

  if (status.status === RegistrationStatus.Registered && !editing) {
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

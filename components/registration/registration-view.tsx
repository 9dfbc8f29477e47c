// The registration page by status: form, payment panel, success or "already registered".
"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { Result } from "@/components/ui/result";
import type { PaymentOptions } from "@/lib/payments/links";
import type { Credentials } from "@/lib/payments/types";
import type { ReferenceData } from "@/lib/reference/types";
import { api } from "@/shared/http/client";
import { fullName } from "@/shared/identity/names";
import type { PupilDetails, RegistrationDetails } from "@/shared/registration/schema";
import { RegistrationStatus } from "@/shared/registration/status";
import type { RegisterStatus } from "@/shared/registration/types";
import type { PayingFor } from "./payment-panel";
import { RegistrationForm } from "./registration-form";

// The steps after the form load when the parent reaches them (or when the page opens on them:
// the server renders them all the same), not with the form: the cheap phone's JavaScript budget.
const PaymentPanel = lazy(() => import("./payment-panel").then((m) => ({ default: m.PaymentPanel })));
const CredentialsCard = lazy(() => import("./credentials-card").then((m) => ({ default: m.CredentialsCard })));
function Loading() {
  return <p className="text-sm text-slate-500">{useMessages().common.loading}</p>;
}

/** Who and what the fee is for, as the payment step says it. */
function payingFor(details: PupilDetails, reference: ReferenceData, local: (name: string) => string): PayingFor {
  const subject = reference.subjects.find((s) => s.subjectId === details.subjectId);
  return {
    fullName: fullName({ ...details, middleName: details.middleName ?? null }),
    grade: details.grade,
    subject: subject ? local(subject.name) : "",
  };
}

type Props = {
  guid: string;
  /** The offer's text, rendered by the server (components/registration/offer-text.tsx). */
  offer: ReactNode;
  registerSuccess: boolean;
  initialStatus: RegisterStatus;
  initialDetails: RegistrationDetails | null;
  reference: ReferenceData;
  payment: PaymentOptions;
  /** Server-rendered with the page once paid (the guid link is the parent's secret). */
  credentials: Credentials | null;
  /** The pupil has ended the test: the card points to the result below instead of "you may close the site". */
  tested?: boolean;
  /** Once paid, the fee's fiscal receipt, rendered by the server (components/registration/receipt-line.tsx). */
  receipt?: ReactNode;
  /** Once paid and before the test: when it is, the PIN, its language (components/registration/next-steps.tsx). */
  nextSteps?: ReactNode;
};

export function RegistrationView({
  guid,
  offer,
  registerSuccess,
  initialStatus,
  initialDetails,
  reference,
  payment,
  credentials,
  tested = false,
  receipt = null,
  nextSteps = null,
}: Props) {
  const messages = useMessages();
  const local = useLocalName();
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
    // The login and password first: the parent must save them before "you may close the site".
    return (
      <div className="flex flex-col gap-2 pb-4">
        {credentials && (
          <Suspense fallback={<Loading />}>
            <CredentialsCard credentials={credentials} paid={registerSuccess} />
          </Suspense>
        )}
        {nextSteps}
        {receipt}
        {registerSuccess ? (
          <Result status="success" title={messages.registration.success} />
        ) : (
          <Result status="info" title={tested ? messages.registration.tested : messages.registration.alreadyRegistered} />
        )}
      </div>
    );
  }

  if (status.status === RegistrationStatus.Registered && !editing) {
    return (
      <Suspense fallback={<Loading />}>
        <PaymentPanel
          guid={guid}
          options={payment}
          payingFor={details ? payingFor(details, reference, local) : null}
          onEdit={() => setEditing(true)}
          onPaid={async () => {
            const { data: fresh } = await refetch();
            if (fresh && fresh.status > 0) router.replace(`/register/${guid}?registerSuccess=true`);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{messages.registration.lead}</p>
      <RegistrationForm
        guid={guid}
        offer={offer}
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

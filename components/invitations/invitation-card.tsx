// The camp's invitation on the family's page: the camp's dates and place and the deadline, with the
// answer (a decline asked once more: the place passes on and cannot come back); after the answer
// what was answered and when; past the deadline that the place passed on. A reserve's family reads
// its place in the district's queue and that it will be told. Refusals are said in the family's language.
"use client";

import { useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { showError } from "@/components/ui/show-error";
import { api } from "@/shared/http/client";
import type { InvitationAnswer } from "@/shared/invitations/enums";
import type { InvitationView } from "@/shared/invitations/schema";
import { dateTextOf, formatTashkent } from "@/shared/time";

export function InvitationCard({ guid, initial }: { guid: string; initial: InvitationView }) {
  const texts = useMessages().invitation;
  const local = useLocalName();
  const [view, setView] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState<InvitationAnswer | null>(null);

  const send = async (answer: InvitationAnswer) => {
    setPending(answer);
    try {
      const { invitation } = await api<{ invitation: InvitationView }>(`/registrations/${guid}/invitation`, {
        method: "POST",
        body: { answer },
      });
      setView(invitation);
      setAsking(false);
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  };

  if (view.kind === "reserve")
    return (
      <Card as="section" aria-labelledby="invitation" className="mt-4" data-testid="invitation" data-state="reserve">
        <h2 id="invitation" className="text-xl font-bold text-slate-900">
          {texts.title}
        </h2>
        <p className="mt-3 rounded-xl bg-primary-50 p-4 text-primary-900 ring-1 ring-primary-200" data-testid="invitation-reserve">
          {texts.reserve({ position: view.position })}
        </p>
        <p className="mt-3 text-sm text-slate-600">{texts.rule}</p>
      </Card>
    );

  const { camp } = view;
  const time = (iso: string) => formatTashkent(iso);
  const answered =
    view.state === "confirmed"
      ? texts.confirmed({ time: time(view.answeredAt ?? view.invitedAt) })
      : view.state === "declined"
        ? texts.declined({ time: time(view.answeredAt ?? view.invitedAt) })
        : view.state === "expired"
          ? texts.expired({ time: time(view.deadlineAt) })
          : null;
  return (
    <Card as="section" aria-labelledby="invitation" className="mt-4" data-testid="invitation" data-state={view.state}>
      <h2 id="invitation" className="text-xl font-bold text-slate-900">
        {texts.title}
      </h2>
      <p className="mt-3 rounded-xl bg-green-50 p-4 font-semibold text-green-900 ring-1 ring-green-300">
        {view.fromReserve ? texts.fromReserve : texts.invited}
      </p>
      <p className="mt-3 text-slate-900" data-testid="invitation-camp">
        {camp.starts && camp.ends && camp.place
          ? texts.camp({ starts: dateTextOf(camp.starts), ends: dateTextOf(camp.ends), place: local(camp.place) })
          : texts.campLater}
      </p>
      {answered ? (
        <p
          className={`mt-3 rounded-lg p-3 font-medium ring-1 ${
            view.state === "confirmed" ? "bg-green-50 text-green-900 ring-green-200" : "bg-slate-50 text-slate-900 ring-slate-200"
          }`}
          role="status"
          data-testid="invitation-answered"
        >
          {answered}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700" data-testid="invitation-deadline">
            {texts.deadline({ time: time(view.deadlineAt) })}
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button
              className="flex-1"
              pending={pending === "confirm"}
              disabled={pending !== null}
              onClick={() => send("confirm")}
              data-testid="invitation-confirm"
            >
              {texts.confirm}
            </Button>
            <Button
              variant="secondary"
              className="flex-1"
              disabled={pending !== null}
              onClick={() => setAsking(true)}
              data-testid="invitation-decline"
            >
              {texts.decline}
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={asking}
        onDismiss={pending ? undefined : () => setAsking(false)}
        title={texts.decline}
        description={texts.declineQuestion}
        size="sm"
      >
        <div className="mt-5 flex gap-2">
          <Button variant="secondary" className="flex-1" disabled={pending !== null} onClick={() => setAsking(false)}>
            {texts.cancel}
          </Button>
          <Button
            variant="danger"
            className="flex-1"
            pending={pending === "decline"}
            onClick={() => send("decline")}
            data-testid="invitation-decline-confirmed"
          >
            {texts.declineYes}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

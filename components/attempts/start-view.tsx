// The start page: its header and the result of an ended attempt (ResultCard), "Testni boshlash"
// with the PIN, or the countdown to the opening; once started, the attempt itself, in place.
// Which of these it shows is one phase (start-phase.ts), decided once per render.
"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Card } from "@/components/ui/card";
import { Result } from "@/components/ui/result";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { CurrentUser } from "@/lib/identity/users";
import type { AppealsView } from "@/shared/appeals/schema";
import { AttemptView } from "./attempt-view";
import { PinDialog } from "./pin-dialog";
import { useAllowTestAttempt, useAttemptResult, useIsThereAttempt } from "./queries";
import { ResultCard } from "./result-card";
import { startPhase } from "./start-phase";
import { CardPhaseView, StartShell } from "./start-phases";
import { useBeforeOpening } from "./use-before-opening";
import { useStartAttempt } from "./use-start-attempt";

type Props = {
  header: ReactNode;
  user: CurrentUser;
  status: IsThereAttempt;
  allow: AllowTestAttempt;
  result: AttemptResult | null;
  /** The pupil's appeals with an ended attempt's result (null: none). */
  appeals: AppealsView | null;
  paid: boolean;
};

export function StartView({ header, user, status: initialStatus, allow: initialAllow, result: initialResult, appeals, paid }: Props) {
  const texts = useMessages().testAttempt;
  const router = useRouter();
  const { data: status = initialStatus } = useIsThereAttempt(initialStatus);
  const ended = status.isThereAttempt && status.isEnded ? status.attemptId : null;
  const endedOnArrival = initialStatus.isThereAttempt && initialStatus.isEnded ? initialStatus.attemptId : null;
  const { data: result } = useAttemptResult(ended, initialResult ?? undefined);
  const { data: allow = initialAllow, refetch: refetchAllow } = useAllowTestAttempt(initialAllow);
  const { start, queue, started, pinOpen, openPin, closePin } = useStartAttempt(user.userId);
  // The opening the countdown reached: the server said beforehand whether the pupil may start
  // then. A later opening (the organiser moved it) counts down anew.
  const [reached, setReached] = useState<string | null>(null);
  useBeforeOpening({ userId: user.userId, paid, status, allow, refetchAllow });

  const phase = startPhase({ status, result, started, queue, paid, allow, reached });

  // A running attempt that was not started on this page (Back or Forward to the start page's
  // entry, a second tab): its own page at once, where the PIN kept on this device lets it through.
  const resuming = phase.kind === "resuming" ? phase.attemptId : null;
  useEffect(() => {
    if (resuming !== null) router.replace(`/test-attempt/${resuming}`);
  }, [resuming, router]);

  switch (phase.kind) {
    // Until it ends: then this page shows the result, as after any start.
    case "resuming":
      return (
        <StartShell header={header}>
          <Result status="info" title={texts.resuming} />
        </StartShell>
      );
    case "attempt":
      return <AttemptView attempt={phase.started.attempt} user={user} review={false} requestedAt={phase.started.requestedAt} />;
    case "result":
      return (
        <StartShell header={header}>
          {/* The page's appeals are those of the attempt it found ended; one ended here asks for its own. */}
          <ResultCard
            attemptId={phase.attemptId}
            result={phase.result}
            appeals={phase.attemptId === endedOnArrival ? appeals : undefined}
          />
        </StartShell>
      );
    default:
      return (
        <StartShell header={header}>
          <Card as="section">
            <CardPhaseView phase={phase} allow={allow} onStart={openPin} onZero={setReached} onRecheck={() => void refetchAllow()} />
            <PinDialog open={pinOpen} title={texts.pinTitle} confirmLabel={texts.pinConfirm} onSubmit={start} onCancel={closePin} />
          </Card>
        </StartShell>
      );
  }
}

// The start page's phases inside its card, one small component each (start-phase.ts decides which).
"use client";

import type { ReactNode } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { QueueState } from "@/components/ui/queue-state";
import { Result } from "@/components/ui/result";
import type { AllowTestAttempt } from "@/lib/attempts/start";
import { formatTashkent } from "@/shared/time";
import { CheckInLater, CheckInRoom } from "./check-in";
import { Countdown } from "./countdown";
import { Notices } from "./notices";
import type { StartPhase } from "./start-phase";

/** The phases shown in the start page's card (the others replace the card). */
export type CardPhase = Exclude<StartPhase, { kind: "resuming" | "attempt" | "result" }>;

type Props = {
  phase: CardPhase;
  allow: AllowTestAttempt;
  onStart: () => void;
  /** The countdown reached `openedAt`. */
  onZero: (openedAt: string) => void;
  onRecheck: () => void;
};

export function CardPhaseView({ phase, allow, onStart, onZero, onRecheck }: Props) {
  const texts = useMessages().testAttempt;
  switch (phase.kind) {
    case "queued":
      return <QueueState retryAt={phase.queue.retryAt} place={phase.queue.place} />;
    case "not-paid":
      return <Result status="info" title={texts.notPaid} />;
    case "start":
      return <StartNow allow={allow} onStart={onStart} />;
    case "no-test":
      return <Result status="info" title={texts.noTest} />;
    case "closed":
      return <Result status="info" title={texts.closed} />;
    case "check-in":
      return (
        <UntilOpening openedAt={phase.openedAt} allow={allow} onZero={onZero} onRecheck={onRecheck}>
          <CheckInRoom openedAt={phase.openedAt} serverTime={allow.serverTime} />
        </UntilOpening>
      );
    case "countdown":
      return (
        <UntilOpening openedAt={phase.openedAt} allow={allow} onZero={onZero} onRecheck={onRecheck}>
          {phase.checkInAt && <CheckInLater checkInAt={phase.checkInAt} />}
        </UntilOpening>
      );
  }
}

/** The pupil may start: what to know first, and the button that asks for the PIN. */
function StartNow({ allow, onStart }: { allow: AllowTestAttempt; onStart: () => void }) {
  const texts = useMessages().testAttempt;
  return (
    <div className="flex flex-col items-center gap-4">
      <BeforeStart allow={allow} />
      <Button className="w-full max-w-xs text-base" onClick={onStart}>
        {texts.start}
      </Button>
    </div>
  );
}

type UntilOpeningProps = Omit<Props, "phase" | "onStart"> & { openedAt: string; children: ReactNode };

/** Before the opening: where check-in stands (the children), the countdown, and what to know first. */
function UntilOpening({ openedAt, allow, onZero, onRecheck, children }: UntilOpeningProps) {
  return (
    <div className="flex flex-col items-center gap-4">
      {children}
      <Countdown key={openedAt} openedAt={openedAt} serverTime={allow.serverTime} onZero={() => onZero(openedAt)} onRecheck={onRecheck} />
      <BeforeStart allow={allow} />
    </div>
  );
}

/** What a pupil should know before the start: minutes, questions, the closing time, the rules. */
function BeforeStart({ allow }: { allow: AllowTestAttempt }) {
  const texts = useMessages().testAttempt;
  if (allow.durationMinutes === null || allow.questionCount === null || !allow.closedAt) return null;
  return (
    <section data-testid="before-start" className="w-full max-w-md rounded-lg bg-slate-50 p-4 text-left text-sm text-slate-700">
      <h2 className="mb-2 font-semibold text-slate-900">{texts.before.title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">{texts.before.duration}</dt>
        <dd className="font-medium text-slate-900">{texts.before.minutes({ count: allow.durationMinutes })}</dd>
        <dt className="text-slate-500">{texts.before.questions}</dt>
        <dd className="font-medium text-slate-900">{texts.before.questionCount({ count: allow.questionCount })}</dd>
        <dt className="text-slate-500">{texts.before.closes}</dt>
        <dd className="font-medium text-slate-900">{texts.before.tashkent({ time: formatTashkent(allow.closedAt) })}</dd>
      </dl>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {texts.before.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

/** The start page's frame: its header and the notices above whatever the phase shows. */
export function StartShell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {header}
      <Notices />
      {children}
    </div>
  );
}

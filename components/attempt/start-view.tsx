// The start page: its header and the result of an ended attempt (ResultCard), "Testni boshlash"
// with the PIN, or the countdown to the opening; once started, the attempt itself, in place.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { QueueState } from "@/components/ui/queue-state";
import { Result } from "@/components/ui/result";
import { toast } from "@/components/ui/toast";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { PaperOpening } from "@/lib/attempts/sealed-paper";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { ApiError, api, busyWait } from "@/lib/http/client";
import { ErrorCode, type QueuePlace } from "@/lib/http/contract";
import type { CurrentUser } from "@/lib/identity/users";
import { formatTashkent } from "@/lib/time";
import { AttemptView } from "./attempt-view";
import { CheckInLater, CheckInRoom } from "./check-in";
import { Countdown } from "./countdown";
import { Notices } from "./notices";
import { keepShell } from "./offline";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";
import { attemptKeys, useAllowTestAttempt, useAttemptResult, useIsThereAttempt } from "./queries";
import { ResultCard } from "./result-card";
import { keepSealedPaper, openSealedPaper } from "./sealed-paper";

/** The shell is fetched at a random moment within this (pupils open the start page together at check-in). */
const SHELL_SPREAD_MS = 10_000;
/** Pages open before check-in ask for the allowance (which draws the paper) at a random moment within this after it opens. */
const CHECK_IN_SPREAD_MS = 60_000;
/** Checked-in pages fetch the sealed paper at a random moment within this (and not in the 10 s before the opening). */
const PAPER_SPREAD_MS = 5 * 60_000;

type Props = {
  header: ReactNode;
  user: CurrentUser;
  status: IsThereAttempt;
  allow: AllowTestAttempt;
  result: AttemptResult | null;
  paid: boolean;
};

export function StartView({ header, user, status: initialStatus, allow: initialAllow, result: initialResult, paid }: Props) {
  const m = useMessages();
  const t = m.testAttempt;
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: status = initialStatus } = useIsThereAttempt(initialStatus);
  const ended = status.isThereAttempt && status.isEnded ? status.attemptId : null;
  const { data: result } = useAttemptResult(ended, initialResult ?? undefined);
  const { data: allow = initialAllow, refetch: refetchAllow } = useAllowTestAttempt(initialAllow);
  const [pinOpen, setPinOpen] = useState(false);
  const [queue, setQueue] = useState<Queue | null>(null);
  const [started, setStarted] = useState<{ attempt: AttemptData; requestedAt: number } | null>(null);
  // The opening the countdown reached: the server said beforehand whether the pupil may start
  // then. A later opening (the organiser moved it) counts down anew.
  const [reached, setReached] = useState<string | null>(null);

  // A page open before check-in checks in when it opens: the allowance asked again draws the paper.
  useEffect(() => {
    if (!paid || !allow.checkInAt) return;
    const untilCheckIn = new Date(allow.checkInAt).getTime() - new Date(allow.serverTime).getTime();
    if (untilCheckIn <= 0 || untilCheckIn > 2 ** 31 - 1 - CHECK_IN_SPREAD_MS) return;
    const timer = setTimeout(() => void refetchAllow(), untilCheckIn + Math.random() * CHECK_IN_SPREAD_MS);
    return () => clearTimeout(timer);
  }, [paid, allow.checkInAt, allow.serverTime, refetchAllow]);

  // Checked in, before the opening: the paper, sealed, at a random moment of the check-in.
  const checkedIn = allow.checkInAt !== null && new Date(allow.serverTime) >= new Date(allow.checkInAt);
  const msToOpening = allow.openedAt ? new Date(allow.openedAt).getTime() - new Date(allow.serverTime).getTime() : 0;
  const awaitsOpening = paid && checkedIn && !status.isThereAttempt && msToOpening > 0;
  useEffect(() => {
    if (awaitsOpening) void keepSealedPaper({ userId: user.userId, spreadMs: PAPER_SPREAD_MS, msToOpening });
  }, [awaitsOpening, user.userId, msToOpening]);

  // Before the opening, the shell that shows an attempt kept on the device: an attempt started here
  // in place can then be reloaded without network from its first second.
  useEffect(() => {
    if (paid && !status.isEnded) void keepShell(SHELL_SPREAD_MS);
  }, [paid, status.isEnded]);

  // A running attempt that was not started on this page (Back or Forward to the start page's
  // entry, a second tab): its own page at once, where the PIN kept on this device lets it through.
  const running = status.isThereAttempt && !status.isEnded && !started ? status.attemptId : null;
  useEffect(() => {
    if (running !== null) router.replace(`/test-attempt/${running}`);
  }, [running, router]);

  // Until it ends: then this page shows the result, as after any start.
  if (running !== null)
    return (
      <Shell header={header}>
        <Result status="info" title={t.resuming} />
      </Shell>
    );
  // The attempt started here, while the server still has it running (not ended, not reset).
  const startedHere = started && status.isThereAttempt && status.attemptId === started.attempt.testAttemptId;
  if (startedHere && !status.isEnded)
    return <AttemptView attempt={started.attempt} user={user} review={false} requestedAt={started.requestedAt} />;
  if (ended !== null && result)
    return (
      <Shell header={header}>
        <ResultCard attemptId={ended} result={result} />
      </Shell>
    );

  async function start(pinCode: string, tries = 0) {
    try {
      const newAt = Date.now();
      const { attemptId, paper } = await api<{ attemptId: number; paper?: PaperOpening }>("/TestAttempts/New", {
        method: "POST",
        body: { language: 0, pinCode },
      });
      // The attempt opens here: at the opening no page is rendered for it, and its
      // questions come from the paper kept sealed since check-in, else from one cheap Get. The
      // address becomes the attempt's, so a reload lands on its own page. The clock counts from
      // when the call that brought the time left the device.
      const sealed = await openSealedPaper(user.userId, attemptId, paper);
      try {
        localStorage.setItem(PIN_STORAGE_KEY, pinCode);
      } catch {
        // Not kept: the attempt's page asks for the PIN again after a reload.
      }
      const live: IsThereAttempt = { isThereAttempt: true, isEnded: false, attemptId };
      const requestedAt = sealed ? newAt : Date.now();
      const attempt = sealed ?? (await api<AttemptData>("/TestAttempts/Get", { query: { id: attemptId } }).catch(() => null));
      if (!attempt) {
        queryClient.setQueryData(attemptKeys.isThere, live);
        router.push(`/test-attempt/${attemptId}`);
        return;
      }
      window.history.replaceState(null, "", `/test-attempt/${attemptId}`);
      setStarted({ attempt, requestedAt });
      setPinOpen(false); // done with: should this page show the start again (a reset), it shows it closed
      // After `started`: a running attempt this page did not start would send it to the attempt's page.
      queryClient.setQueryData(attemptKeys.isThere, live);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ErrorCode.WrongPinCode) throw error;
      setPinOpen(false);
      // The server is saturated (a fast 503) or the network failed: wait in the queue, calmly, and
      // try again by ourselves, a little later each time and at a random moment (jitter).
      if (error.status === 503) {
        const wait = busyWait(error.retryAfter, tries);
        setQueue({ tries: tries + 1, retryAt: Date.now() + wait, place: error.queue });
        setTimeout(() => void start(pinCode, tries + 1), wait);
        return;
      }
      setQueue(null);
      if (error.code === ErrorCode.QuestionsNotEnough) toast.error(error.message, { id: error.message, position: "top-center" });
      else if (error.code === ErrorCode.ThereIsNotEndedAttempt) router.refresh();
      else toast.error(error.message, { id: error.message, position: "top-center" });
      await queryClient.invalidateQueries({ queryKey: ["attempt"] });
    }
  }

  let body: ReactNode;
  if (queue) body = <QueueState retryAt={queue.retryAt} place={queue.place} />;
  else if (!paid) body = <Result status="info" title={t.notPaid} />;
  else if (allow.isAllowed || (reached === allow.openedAt && allow.allowedAtOpening)) {
    body = (
      <div className="flex flex-col items-center gap-4">
        <BeforeStart allow={allow} />
        <Button className="w-full max-w-xs text-base" onClick={() => setPinOpen(true)}>
          {t.start}
        </Button>
      </div>
    );
  } else if (!allow.openedAt || !allow.closedAt) body = <Result status="info" title={t.noTest} />;
  else if (new Date(allow.serverTime) >= new Date(allow.closedAt)) body = <Result status="info" title={t.closed} />;
  else {
    body = (
      <div className="flex flex-col items-center gap-4">
        {checkedIn ? (
          <CheckInRoom openedAt={allow.openedAt} serverTime={allow.serverTime} />
        ) : (
          allow.checkInAt && <CheckInLater checkInAt={allow.checkInAt} />
        )}
        <Countdown
          key={allow.openedAt}
          openedAt={allow.openedAt}
          serverTime={allow.serverTime}
          onZero={() => setReached(allow.openedAt)}
          onRecheck={() => void refetchAllow()}
        />
        <BeforeStart allow={allow} />
      </div>
    );
  }

  return (
    <Shell header={header}>
      <Card as="section">
        {body}
        <PinDialog open={pinOpen} title={t.pinTitle} confirmLabel={t.pinConfirm} onSubmit={start} onCancel={() => setPinOpen(false)} />
      </Card>
    </Shell>
  );
}

/** What a pupil should know before the start: minutes, questions, the closing time, the rules. */
function BeforeStart({ allow }: { allow: AllowTestAttempt }) {
  const m = useMessages();
  const t = m.testAttempt;
  if (allow.durationMinutes === null || allow.questionCount === null || !allow.closedAt) return null;
  return (
    <section data-testid="before-start" className="w-full max-w-md rounded-lg bg-slate-50 p-4 text-left text-sm text-slate-700">
      <h2 className="mb-2 font-semibold text-slate-900">{t.before.title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">{t.before.duration}</dt>
        <dd className="font-medium text-slate-900">{t.before.minutes({ count: allow.durationMinutes })}</dd>
        <dt className="text-slate-500">{t.before.questions}</dt>
        <dd className="font-medium text-slate-900">{t.before.questionCount({ count: allow.questionCount })}</dd>
        <dt className="text-slate-500">{t.before.closes}</dt>
        <dd className="font-medium text-slate-900">{t.before.tashkent({ time: formatTashkent(allow.closedAt) })}</dd>
      </dl>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {t.before.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

function Shell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {header}
      <Notices />
      {children}
    </div>
  );
}

type Queue = { tries: number; retryAt: number; place: QueuePlace | null };

// The start page: its header and the result of an ended attempt (ResultCard), "Testni boshlash"
// with the PIN, or the countdown to the opening; once started, the attempt itself, in place.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Result } from "@/components/ui/result";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { ApiError, api } from "@/lib/http/client";
import { ErrorCode } from "@/lib/http/errors";
import { uz } from "@/lib/i18n/uz";
import type { CurrentUser } from "@/lib/identity/users";
import { AttemptView } from "./attempt-view";
import { Countdown } from "./countdown";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";
import { attemptKeys, useAllowTestAttempt, useAttemptResult, useIsThereAttempt } from "./queries";
import { ResultCard } from "./result-card";

const t = uz.testAttempt;

type Props = {
  header: ReactNode;
  user: CurrentUser;
  status: IsThereAttempt;
  allow: AllowTestAttempt;
  result: AttemptResult | null;
  paid: boolean;
};

export function StartView({ header, user, status: initialStatus, allow: initialAllow, result: initialResult, paid }: Props) {
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

  // Until it ends: then this page shows the result, as after any start.
  if (started && !status.isEnded)
    return <AttemptView attempt={started.attempt} user={user} review={false} requestedAt={started.requestedAt} />;
  if (ended !== null && result)
    return (
      <Shell header={header}>
        <ResultCard attemptId={ended} result={result} />
      </Shell>
    );

  async function start(pinCode: string, tries = 0) {
    try {
      const { attemptId } = await api<{ attemptId: number }>("/TestAttempts/New", {
        method: "POST",
        body: { language: 0, pinCode },
      });
      localStorage.setItem(PIN_STORAGE_KEY, pinCode);
      queryClient.setQueryData<IsThereAttempt>(attemptKeys.isThere, { isThereAttempt: true, isEnded: false, attemptId });
      // The attempt opens here from one cheap call (DESIGN §13): at the opening no page is
      // rendered for it. The address becomes the attempt's, so a reload lands on its own page.
      const requestedAt = Date.now();
      const attempt = await api<AttemptData>("/TestAttempts/Get", { query: { id: attemptId } }).catch(() => null);
      if (!attempt) {
        router.push(`/test-attempt/${attemptId}`);
        return;
      }
      window.history.replaceState(null, "", `/test-attempt/${attemptId}`);
      setStarted({ attempt, requestedAt });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ErrorCode.WrongPinCode) throw error;
      setPinOpen(false);
      // The server is saturated (a fast 503) or the network failed: wait in the queue, calmly, and
      // try again by ourselves, a little later each time and at a random moment (jitter).
      if (error.status === 503) {
        const wait = Math.min(10_000, (error.retryAfter ?? 2) * 1000 * 2 ** Math.min(tries, 2)) + Math.random() * 1500;
        setQueue({ tries: tries + 1, retryAt: Date.now() + wait });
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
  if (queue) body = <QueueState queue={queue} />;
  else if (!paid) body = <Result status="info" title={t.notPaid} />;
  else if (allow.isAllowed || (reached === allow.openedAt && allow.allowedAtOpening)) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6">
        <Button className="w-full max-w-xs text-base" onClick={() => setPinOpen(true)}>
          {t.start}
        </Button>
      </div>
    );
  } else if (!allow.openedAt || !allow.closedAt) body = <Result status="info" title={t.noTest} />;
  else if (new Date(allow.serverTime) >= new Date(allow.closedAt)) body = <Result status="info" title={t.closed} />;
  else {
    body = (
      <Countdown
        key={allow.openedAt}
        openedAt={allow.openedAt}
        serverTime={allow.serverTime}
        onZero={() => setReached(allow.openedAt)}
        onRecheck={() => void refetchAllow()}
      />
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

function Shell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {header}
      {children}
    </div>
  );
}

type Queue = { tries: number; retryAt: number };

/** "You are in the queue": what the wait is, a bar filling up to the next try, and no button. */
function QueueState({ queue }: { queue: Queue }) {
  const [now, setNow] = useState(() => Date.now());
  const [from] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const left = Math.max(0, Math.ceil((queue.retryAt - now) / 1000));
  const share = Math.min(1, (now - from) / Math.max(1, queue.retryAt - from));
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-6 text-center" data-testid="queue">
      <h2 className="text-lg font-semibold text-slate-900">{t.busy.title}</h2>
      <p className="max-w-sm text-sm text-slate-600">{t.busy.lead}</p>
      <div className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200">
        <div
          className="h-full rounded-full bg-primary-600 transition-[width] duration-200"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">{left > 0 ? t.busy.retryIn.replace("{seconds}", String(left)) : t.busy.retrying}</p>
    </div>
  );
}

// The attempt page: the question on screen, the reading text, the number grid, the timer,
// "Yakunlash", the outbox's saved state, the PIN gate; and the same page read-only in review. Each
// job has its own home: the outbox (outbox.ts), the device's copy (use-offline-copy.ts), the end
// (use-finish-attempt.ts), the organiser's acts (live.ts), and the parts of the screen.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { preloadDialog } from "@/components/ui/dialog";
import { useHydrated } from "@/components/ui/hydrated";
import { RichText } from "@/components/ui/rich-text";
import { preloadToasts, toast } from "@/components/ui/toast";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { api } from "@/lib/http/client";
import { gradeAndSubject } from "@/lib/i18n/words";
import { fullName } from "@/lib/identity/names";
import type { CurrentUser } from "@/lib/identity/users";
import { FinishDialog } from "./finish-dialog";
import { useOrganiserActs } from "./live";
import { Notices } from "./notices";
import { rememberSaved } from "./offline";
import { useAnswerOutbox } from "./outbox";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";
import { attemptKeys, useAttempt, useRemainingTime } from "./queries";
import { QuestionCard } from "./question-card";
import { QuestionGrid } from "./question-grid";
import { SaveState } from "./save-state-bar";
import { Timer } from "./timer";
import { useFinishAttempt } from "./use-finish-attempt";
import { useOfflineCopy } from "./use-offline-copy";

// What the end of the test shows (the "Yakunlash" dialog, the time-up toast) loads with the first
// answer, not with the page: by the end it is here, even without network.
const preloadEnding = () => {
  preloadDialog().catch(() => {});
  preloadToasts().catch(() => {});
};

type Props = {
  attempt: AttemptData;
  user: CurrentUser;
  review: boolean;
  /** When the call that brought `attempt` was made (opened in place from the start page). */
  requestedAt?: number;
};

export function AttemptView({ attempt: initial, user, review, requestedAt }: Props) {
  const m = useMessages();
  const local = useLocalName();
  const t = m.attempt;
  const router = useRouter();
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const attemptId = initial.testAttemptId;
  const { data: attempt = initial } = useAttempt(attemptId, initial);
  const running = !review && !attempt.isEnded;
  const remaining = useRemainingTime(attemptId, running, { remainingTime: initial.remainingTime, requestedAt });

  const [confirmOpen, setConfirmOpen] = useState(false);
  const [showPanel, setShowPanel] = useState(true);
  const [pinNeeded, setPinNeeded] = useState(false);
  const hydrated = useHydrated();

  useOfflineCopy({ attempt: initial, running, serverTime: remaining.data });
  const { finishing, leave, finish, onTimeUp } = useFinishAttempt({ attemptId, running });

  const setConfirmed = useCallback(
    (questionId: number, answerId: number | null) => {
      rememberSaved(attemptId, questionId, answerId);
      queryClient.setQueryData<AttemptData>(
        attemptKeys.attempt(attemptId),
        (old) =>
          old && {
            ...old,
            questions: old.questions.map((q) => (q.testAttemptQuestionId === questionId ? { ...q, answerId } : q)),
          },
      );
    },
    [attemptId, queryClient],
  );

  const outbox = useAnswerOutbox({
    attemptId,
    enabled: running,
    onSaved: setConfirmed,
    onRefused: () => toast.error(t.answerRefused, { id: "answer-refused", position: "top-center" }),
    onEnded: () => void leave(),
  });

  useEffect(() => {
    if (running && !localStorage.getItem(PIN_STORAGE_KEY)) setPinNeeded(true);
  }, [running]);

  useOrganiserActs({ attemptId, running, discardOutbox: outbox.discard, leave });

  // The displayed answer: what waits in the outbox, else what the server confirmed.
  const answerOf = useCallback(
    (q: AttemptData["questions"][number]) => outbox.pending[q.testAttemptQuestionId] ?? q.answerId,
    [outbox.pending],
  );
  const questions = attempt.questions;
  /** Review shows the key only once the server gives it (never while anyone may answer). */
  const keyShown = questions.some((q) => q.correctAnswerId !== null);
  const unanswered = questions.filter((q) => answerOf(q) === null).length;
  const pendingCount = Object.keys(outbox.pending).length;
  // Until the page's script runs (and, in a test, the outbox has read the device), a tap would be
  // lost: the choices and the numbers are shown disabled and dimmed meanwhile, never silently dead.
  const ready = hydrated && (!running || outbox.loaded);

  const requested = Number(searchParams.get("questionNumber") ?? "1");
  const current = questions.find((q) => q.questionNumber === requested);
  const navigable = useMemo(
    () => questions.filter((q) => !review || q.answerId !== null).map((q) => q.questionNumber),
    [questions, review],
  );
  const go = (questionNumber: number) => {
    const params = new URLSearchParams(searchParams.toString());
    params.set("questionNumber", String(questionNumber));
    // Same page, no server round trip: the history API is enough (and keeps the outbox running).
    window.history.replaceState(null, "", `?${params.toString()}`);
  };
  const previous = navigable.filter((n) => n < requested).at(-1);
  const next = navigable.find((n) => n > requested);
  const readingText = current?.readingTextId ? attempt.readingTexts.find((r) => r.readingTextId === current.readingTextId) : undefined;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3">
      {/* Timer, saved state and the finish button stay in reach while scrolling. On a phone the
          saved state has a line of its own under them: whole words at any width, even 320 px. */}
      <div
        data-sticky-bar
        className="sticky top-[60px] z-30 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white/95 p-3 shadow-sm ring-1 ring-slate-200 backdrop-blur lg:top-2"
      >
        {/* Review has no clock: a time that no longer runs would only read as "time is up". */}
        {running && <Timer server={remaining.data} onZero={() => void onTimeUp(outbox)} />}
        <div
          className="order-3 min-w-0 basis-full text-xs empty:hidden sm:order-2 sm:flex-1 sm:basis-auto sm:text-sm"
          data-testid="save-state"
          role="status"
        >
          {running && <SaveState loaded={outbox.loaded} offline={outbox.offline} pendingCount={pendingCount} />}
        </div>
        {running ? (
          <Button variant="danger" className="order-2 ml-auto sm:order-3" onClick={() => setConfirmOpen(true)} pending={finishing}>
            {t.finish}
          </Button>
        ) : (
          <Button variant="secondary" className="order-2 ml-auto sm:order-3" onClick={() => router.push("/test-attempt")}>
            {t.back}
          </Button>
        )}
      </div>

      <Notices />

      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-3 lg:flex-row">
          {readingText && (
            <Card
              as="aside"
              size="panel"
              className={clsx("min-w-0 lg:max-h-[75dvh] lg:w-2/5 lg:shrink-0 lg:overflow-y-auto", !showPanel && "lg:hidden")}
              aria-label={t.readingText}
              data-testid="reading-text"
            >
              <h2 className="mb-2 text-sm font-semibold text-slate-500">{t.readingText}</h2>
              {/* A long text scrolls in its box on a phone: the box takes the focus, so a keyboard scrolls it too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable without a mouse (WCAG 2.1.1) */}
              <div tabIndex={0} className="max-h-64 overflow-y-auto lg:max-h-none">
                <RichText html={readingText.text} className="text-sm leading-relaxed" />
              </div>
            </Card>
          )}
          <QuestionCard
            attemptId={attemptId}
            question={current}
            total={questions.length}
            review={review}
            keyShown={keyShown}
            disabled={!running || finishing}
            ready={ready}
            chosen={current ? answerOf(current) : null}
            waiting={current ? outbox.pending[current.testAttemptQuestionId] : undefined}
            onChoose={(choiceId) => {
              if (!current) return;
              outbox.enqueue(current.testAttemptQuestionId, choiceId);
              preloadEnding();
            }}
            panel={readingText ? { shown: showPanel, toggle: () => setShowPanel((s) => !s) } : null}
            previous={previous}
            next={next}
            go={go}
          />
        </div>

        {/* Not a landmark of its own: the grid inside is one (navigation "Savollar"). */}
        <div className="flex flex-col gap-3">
          <Card size="panel" className="order-2 lg:order-1" data-testid="attempt-user">
            <p className="font-semibold">{fullName(user)}</p>
            <p className="text-sm text-slate-600">{gradeAndSubject(m, user.grade, user.subjectName && local(user.subjectName))}</p>
          </Card>
          <QuestionGrid
            questions={questions}
            current={requested}
            review={review}
            ready={ready}
            answerOf={answerOf}
            isPending={(q) => outbox.pending[q.testAttemptQuestionId] !== undefined}
            go={go}
          />
        </div>
      </div>

      <FinishDialog
        open={confirmOpen}
        unanswered={unanswered}
        pending={finishing}
        sending={pendingCount > 0}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void finish(outbox).then(() => setConfirmOpen(false))}
      />
      <PinDialog
        open={pinNeeded}
        title={t.pinMessage}
        confirmLabel={t.pinConfirm}
        wrongMessage={t.pinWrong}
        onSubmit={async (pinCode) => {
          await api("/TestAttempts/CheckPinCode", { method: "POST", body: { pinCode } });
          localStorage.setItem(PIN_STORAGE_KEY, pinCode);
          setPinNeeded(false);
        }}
      />
    </div>
  );
}

// The attempt page: question and choices, reading text, number grid, timer, "Yakunlash", the
// outbox's saved state, the PIN gate; and the same page read-only in review.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { preloadDialog } from "@/components/ui/dialog";
import { useHydrated } from "@/components/ui/hydrated";
import { RichText } from "@/components/ui/rich-text";
import { showError } from "@/components/ui/show-error";
import { preloadToasts, toast } from "@/components/ui/toast";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { ApiError, api } from "@/lib/http/client";
import { uz } from "@/lib/i18n/uz";
import { fullName } from "@/lib/identity/names";
import type { CurrentUser } from "@/lib/identity/users";
import { FinishDialog } from "./finish-dialog";
import { useAttemptChanges } from "./live";
import { forgetAttempt, keepAttemptOffline, keptSaved, rememberAttempt, rememberDeadline, rememberSaved } from "./offline";
import { useAnswerOutbox } from "./outbox";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";
import { attemptKeys, useAttempt, useRemainingTime } from "./queries";
import { Timer } from "./timer";
import { Watermark } from "./watermark";

const t = uz.attempt;
/** The clock's Finish, when it fails (offline), is tried again this often. */
const FINISH_RETRY_MS = 5_000;
// What the end of the test shows (the "Yakunlash" dialog, the time-up toast) loads with the first
// answer, not with the page: by the end it is here, even without network.
const preloadEnding = () => {
  preloadDialog().catch(() => {});
  preloadToasts().catch(() => {});
};

const letter = (index: number) => String.fromCharCode(65 + index);
/** A page opened in place is fetched for the device's copy 1–10 minutes later: never at the opening. */
const KEEP_AFTER_MIN_MS = 60_000;
const KEEP_SPREAD_MS = 9 * 60_000;

type Props = {
  attempt: AttemptData;
  user: CurrentUser;
  review: boolean;
  /** When the call that brought `attempt` was made (opened in place from the start page). */
  requestedAt?: number;
};

export function AttemptView({ attempt: initial, user, review, requestedAt }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const attemptId = initial.testAttemptId;
  const { data: attempt = initial } = useAttempt(attemptId, initial);
  const running = !review && !attempt.isEnded;
  const remaining = useRemainingTime(attemptId, running, { remainingTime: initial.remainingTime, requestedAt });

  const [finishing, setFinishing] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [showPanel, setShowPanel] = useState(true);
  const [pinNeeded, setPinNeeded] = useState(false);
  const autoFinished = useRef(false);
  const hydrated = useHydrated();

  // While the attempt runs, its page is kept on the device for a reload without network, with the
  // server's last word on the time; once it has ended, the kept page is forgotten.
  useEffect(() => {
    if (running) {
      rememberAttempt(initial);
      void keepAttemptOffline(attemptId, KEEP_AFTER_MIN_MS + Math.random() * KEEP_SPREAD_MS);
    } else void forgetAttempt(attemptId);
  }, [attemptId, running, initial]);
  useEffect(() => {
    if (running) rememberDeadline(attemptId, remaining.data);
  }, [attemptId, running, remaining.data]);

  // Once only: leaving refetches the attempt's queries, and the clock reading 0 meanwhile must not
  // start a second Finish and a second navigation racing the first.
  const leaving = useRef(false);
  const leave = useCallback(async () => {
    if (leaving.current) return;
    leaving.current = true;
    void forgetAttempt(attemptId); // the device's copy goes; leaving never waits on it
    await queryClient.invalidateQueries({ queryKey: ["attempt"] });
    router.replace("/test-attempt");
    router.refresh();
  }, [attemptId, queryClient, router]);

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

  // Loaded without network: the page is the one kept on the device, as old as its keeping; the
  // answers confirmed since then are shown over it.
  useEffect(() => {
    if (!running || navigator.onLine) return;
    const saved = keptSaved(attemptId);
    queryClient.setQueryData<AttemptData>(
      attemptKeys.attempt(attemptId),
      (old) =>
        old && {
          ...old,
          questions: old.questions.map((q) => (q.testAttemptQuestionId in saved ? { ...q, answerId: saved[q.testAttemptQuestionId] } : q)),
        },
    );
  }, [attemptId, running, queryClient]);

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

  // The organiser's acts on this attempt, told at once and said in words.
  useAttemptChanges(running, (change) => {
    const refetchClock = () => void queryClient.invalidateQueries({ queryKey: attemptKeys.remaining(attemptId) });
    switch (change.kind) {
      case "extended":
        toast.info(t.extendedByOrganiser(change.minutes), { id: "extended", position: "top-center" });
        return refetchClock();
      case "deadline":
        return refetchClock();
      case "ended":
      case "reset":
        if (change.attemptId !== attemptId) return;
        // Nothing still on its way can be saved now: it is not shown as saved, and it is let go.
        outbox.discard();
        toast.info(change.kind === "ended" ? t.endedByOrganiser : t.reopened, { id: "organiser-change", position: "top-center" });
        return void leave();
      case "signedOut":
        // Answers still on their way stay on the device and go out after the pupil signs in again.
        toast.warning(change.reason === "password" ? t.passwordChanged : uz.codes[2103], { id: "signed-out", duration: 30_000 });
        return router.replace(`/login?returnUrl=${encodeURIComponent(`/test-attempt/${attemptId}`)}`);
    }
  });

  /** The pupil's "Yakunlash": answers on their way go first; offline, nothing is ended. */
  const finish = useCallback(async () => {
    setFinishing(true);
    try {
      const outcome = await outbox.drain();
      if (outcome === "ended") return; // the outbox has already left for the result
      // Finishing with answers still on the device would lose them: not now.
      if (outcome === "trouble") throw new ApiError(503, uz.http.network);
      await api("/TestAttempts/Finish", { method: "POST", body: { attemptId, isEndedByUser: true } });
      outbox.announceEnded();
      await leave();
    } catch (error) {
      showError(error);
      setFinishing(false);
    }
  }, [attemptId, leave, outbox]);

  /**
   * Time is up: the server ends the attempt by itself, and takes answers in flight for its grace.
   * So the page sends what it holds (as long as it takes: past the grace the server says so, and
   * those answers are counted as late), then Finish, retried until it is through. Once only.
   */
  const onTimeUp = useCallback(async () => {
    if (autoFinished.current || leaving.current || !running) return;
    autoFinished.current = true;
    setFinishing(true);
    toast.info(t.timeUp, { id: "time-up", position: "top-center" });
    for (;;) {
      if ((await outbox.drain({ keepTrying: true })) === "ended") return;
      try {
        await api("/TestAttempts/Finish", { method: "POST", body: { attemptId, isEndedByUser: false } });
        outbox.announceEnded();
        await leave();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, FINISH_RETRY_MS));
      }
    }
  }, [attemptId, leave, outbox, running]);

  // The displayed answer: what waits in the outbox, else what the server confirmed.
  const answerOf = useCallback(
    (q: AttemptData["questions"][number]) => outbox.pending[q.testAttemptQuestionId] ?? q.answerId,
    [outbox.pending],
  );
  const questions = attempt.questions;
  /** Review shows the key only once the server gives it (DESIGN §6: never while anyone may answer). */
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
      {/* Timer, saved state and the finish button stay in reach while scrolling. */}
      <div className="sticky top-[60px] z-30 flex items-center gap-3 rounded-xl bg-white/95 p-3 shadow-sm ring-1 ring-slate-200 backdrop-blur lg:top-2">
        <Timer server={remaining.data} review={!running} onZero={() => void onTimeUp()} />
        <div className="min-w-0 flex-1 text-xs sm:text-sm" data-testid="save-state" aria-live="polite">
          {/* Nothing is called saved before the outbox has read what a reload left on the device.
              On a phone the short texts: the bar stays one line above the options. */}
          {running && !outbox.loaded && <span className="text-slate-500">{uz.common.loading}</span>}
          {running &&
            outbox.loaded &&
            (pendingCount === 0 ? (
              <span className="text-green-700">✓ {t.allSaved}</span>
            ) : outbox.offline ? (
              <span className="text-red-700">
                <span className="sm:hidden">{t.offlineShort(pendingCount)}</span>
                <span className="hidden sm:inline">{t.offline(pendingCount)}</span>
              </span>
            ) : (
              <span className="text-amber-700">
                <span className="sm:hidden">{t.savingShort(pendingCount)}</span>
                <span className="hidden sm:inline">{t.saving(pendingCount)}</span>
              </span>
            ))}
        </div>
        {running ? (
          <Button variant="danger" onClick={() => setConfirmOpen(true)} pending={finishing}>
            {t.finish}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => router.push("/test-attempt")}>
            {t.back}
          </Button>
        )}
      </div>

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
              <RichText html={readingText.text} className="max-h-64 overflow-y-auto text-sm leading-relaxed lg:max-h-none" />
            </Card>
          )}

          <Card as="section" size="panel" className="relative min-w-0 flex-1 overflow-hidden sm:p-5">
            <Watermark attemptId={attemptId} />
            {!current ? (
              <p className="py-10 text-center font-medium text-slate-600" data-testid="question-not-found">
                {t.questionNotFound}
              </p>
            ) : (
              <>
                <div className="mb-3 flex items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold text-primary-700">{t.question(current.questionNumber, questions.length)}</h2>
                  {readingText && (
                    <button
                      type="button"
                      className="hidden text-xs font-medium text-primary-700 underline lg:block"
                      onClick={() => setShowPanel((s) => !s)}
                      data-testid="toggle-panel"
                    >
                      {showPanel ? t.hidePanel : t.showPanel}
                    </button>
                  )}
                </div>
                <RichText html={current.text} className="text-base leading-relaxed" />
                {review && current.answerId === null && (
                  <p className="mt-3 rounded-lg bg-slate-100 p-2 text-sm text-slate-700">{t.notAnswered}</p>
                )}
                {/* Choices are buttons (large, tappable, with the saved state) carrying radio semantics. */}
                <div
                  className={clsx("mt-4 flex flex-col gap-2", !ready && "cursor-wait opacity-60")}
                  role="radiogroup"
                  aria-busy={!ready || undefined}
                  aria-label={t.question(current.questionNumber, questions.length)}
                >
                  {current.questionChoices.map((choice, index) => {
                    const chosen = answerOf(current) === choice.questionChoiceId;
                    const waiting = outbox.pending[current.testAttemptQuestionId] === choice.questionChoiceId;
                    const isKey = current.correctAnswerId === choice.questionChoiceId;
                    // Before the key may be shown, a chosen answer is only "chosen": never red or green.
                    const tone = review
                      ? isKey
                        ? "border-green-600 bg-green-50"
                        : chosen
                          ? keyShown
                            ? "border-red-500 bg-red-50"
                            : "border-primary-600 bg-primary-50"
                          : "border-slate-200"
                      : chosen
                        ? "border-primary-600 bg-primary-50"
                        : "border-slate-200 hover:border-primary-300";
                    return (
                      <div key={choice.questionChoiceId}>
                        {/* biome-ignore lint/a11y/useSemanticElements: a styled button with radio semantics, see the group above */}
                        <button
                          type="button"
                          role="radio"
                          aria-checked={chosen}
                          disabled={!running || finishing || !ready}
                          data-state={waiting ? "pending" : chosen ? "saved" : undefined}
                          onClick={() => {
                            outbox.enqueue(current.testAttemptQuestionId, choice.questionChoiceId);
                            preloadEnding();
                          }}
                          className={`relative z-20 flex min-h-12 w-full items-start gap-3 rounded-lg border-2 p-3 text-left transition disabled:cursor-default ${tone}`}
                        >
                          <span
                            className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                              chosen ? "bg-primary-600 text-white" : "bg-slate-100 text-slate-700"
                            }`}
                          >
                            {letter(index)}
                          </span>
                          <RichText as="span" html={choice.text} className="min-w-0 flex-1 pt-0.5" />
                          {review && isKey && <span className="sr-only">{t.correct}</span>}
                          {review && chosen && !keyShown && (
                            <span className="shrink-0 self-center text-xs font-medium text-primary-700" data-testid="chosen">
                              {t.chosen}
                            </span>
                          )}
                        </button>
                      </div>
                    );
                  })}
                </div>
              </>
            )}
            <div className="relative z-20 mt-5 flex justify-between gap-2">
              <Button variant="secondary" disabled={previous === undefined} onClick={() => previous !== undefined && go(previous)}>
                {t.previous}
              </Button>
              <Button variant="secondary" disabled={next === undefined} onClick={() => next !== undefined && go(next)}>
                {t.next}
              </Button>
            </div>
          </Card>
        </div>

        <aside className="flex flex-col gap-3">
          <Card size="panel" className="order-2 lg:order-1" data-testid="attempt-user">
            <p className="font-semibold">{fullName(user)}</p>
            <p className="text-sm text-slate-600">{uz.shell.gradeSubject(user.grade, user.subjectName)}</p>
          </Card>
          <Card as="nav" size="panel" className="order-1 lg:order-2" aria-label={t.questions}>
            <h2 className="mb-2 text-sm font-semibold text-slate-500">{t.questions}</h2>
            <ol className={clsx("grid grid-cols-6 gap-1.5 sm:grid-cols-10 lg:grid-cols-5", !ready && "opacity-60")}>
              {questions.map((q) => {
                const answer = answerOf(q);
                const pending = outbox.pending[q.testAttemptQuestionId] !== undefined;
                const here = q.questionNumber === requested;
                const tone = review
                  ? q.answerId === null
                    ? "bg-slate-100 text-slate-400"
                    : q.isAnswerCorrect === true
                      ? "bg-green-600 text-white"
                      : q.isAnswerCorrect === false
                        ? "bg-red-500 text-white"
                        : "bg-primary-600 text-white"
                  : pending
                    ? "bg-amber-400 text-slate-900"
                    : answer !== null
                      ? "bg-primary-600 text-white"
                      : "bg-slate-100 text-slate-700";
                return (
                  <li key={q.testAttemptQuestionId}>
                    <button
                      type="button"
                      onClick={() => go(q.questionNumber)}
                      disabled={!ready || (review && q.answerId === null)}
                      aria-current={here ? "step" : undefined}
                      data-state={pending ? "pending" : answer !== null ? "answered" : "empty"}
                      className={`flex h-10 w-full items-center justify-center rounded-md text-sm font-semibold tabular-nums disabled:cursor-not-allowed ${tone} ${
                        here ? "ring-2 ring-menu-trigger ring-offset-2" : ""
                      }`}
                    >
                      {q.questionNumber}
                    </button>
                  </li>
                );
              })}
            </ol>
          </Card>
        </aside>
      </div>

      <FinishDialog
        open={confirmOpen}
        unanswered={unanswered}
        pending={finishing}
        sending={pendingCount > 0}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void finish().then(() => setConfirmOpen(false))}
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

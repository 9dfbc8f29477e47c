// The attempt page: the question on screen, the reading text, the number grid, the timer,
// "Yakunlash", the outbox's saved state, the PIN gate; and the same page read-only in review, with
// the appeals below the question. Each job has its own home: the outbox (outbox.ts, kept in step
// with the page by use-attempt-outbox.ts), the device's copy (use-offline-copy.ts), the end
// (use-finish-attempt.ts), the organiser's acts (live.ts), and the parts of the screen.
"use client";

import { useCallback, useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { Card } from "@/components/ui/card";
import { preloadDialog } from "@/components/ui/dialog";
import { useHydrated } from "@/components/ui/hydrated";
import { preloadToasts } from "@/components/ui/toast";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { CurrentUser } from "@/lib/identity/users";
import type { AppealsView } from "@/shared/appeals/schema";
import { gradeAndSubject } from "@/shared/i18n/words";
import { fullName } from "@/shared/identity/names";
import { AttemptAppeals } from "./attempt-appeals";
import { AttemptBar } from "./attempt-bar";
import { AttemptPinGate } from "./attempt-pin-gate";
import { FinishDialog } from "./finish-dialog";
import { useOrganiserActs } from "./live";
import { Notices } from "./notices";
import { useAttempt, useRemainingTime } from "./queries";
import { QuestionCard } from "./question-card";
import { QuestionGrid } from "./question-grid";
import { ReadingTextPanel } from "./reading-text-panel";
import { useAttemptOutbox } from "./use-attempt-outbox";
import { useFinishAttempt } from "./use-finish-attempt";
import { useOfflineCopy } from "./use-offline-copy";
import { useQuestionNavigation } from "./use-question-navigation";

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
  /** The review's appeals (lib/appeals/appeals.ts appealsView), when this is the pupil's counting attempt. */
  appeals?: AppealsView | null;
};

export function AttemptView({ attempt: initial, user, review, requestedAt, appeals }: Props) {
  const messages = useMessages();
  const local = useLocalName();
  const attemptId = initial.testAttemptId;
  const { data: attempt = initial } = useAttempt(attemptId, initial);
  const running = !review && !attempt.isEnded;
  const remaining = useRemainingTime(attemptId, running, { remainingTime: initial.remainingTime, requestedAt });

  const [confirmOpen, setConfirmOpen] = useState(false);
  const [showPanel, setShowPanel] = useState(true);
  const [appealAsked, setAppealAsked] = useState(0);
  const hydrated = useHydrated();

  useOfflineCopy({ attempt: initial, user, running, serverTime: remaining.data });
  const { finishing, leave, finish, onTimeUp } = useFinishAttempt({ attemptId, running });

  const outbox = useAttemptOutbox({ attemptId, running, leave });

  useOrganiserActs({ attemptId, running, discardOutbox: outbox.discard, leave });

  // The displayed answer: what waits in the outbox, else what the server confirmed.
  const answerOf = useCallback(
    (q: AttemptData["questions"][number]) => outbox.pending[q.testAttemptQuestionId]?.[0] ?? q.answerId,
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

  const { requested, current, go, previous, next } = useQuestionNavigation(questions, review);
  const readingText = current?.readingTextId ? attempt.readingTexts.find((r) => r.readingTextId === current.readingTextId) : undefined;
  const appealsShown = review && appeals?.attemptId === attemptId ? appeals : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3">
      {/* Timer, saved state and the finish button stay in reach while scrolling. */}
      <AttemptBar
        running={running}
        server={remaining.data}
        onTimeUp={() => void onTimeUp(outbox)}
        saved={{ loaded: outbox.loaded, offline: outbox.offline, pendingCount }}
        finishing={finishing}
        onFinish={() => setConfirmOpen(true)}
      />

      <Notices />

      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex min-w-0 flex-col gap-3 lg:flex-row">
            {readingText && <ReadingTextPanel html={readingText.text} shown={showPanel} />}
            <QuestionCard
              attemptId={attemptId}
              question={current}
              total={questions.length}
              review={review}
              keyShown={keyShown}
              disabled={!running || finishing}
              ready={ready}
              chosen={current ? answerOf(current) : null}
              waiting={current ? outbox.pending[current.testAttemptQuestionId]?.[0] : undefined}
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
          {appealsShown && (
            <AttemptAppeals appeals={appealsShown} current={current} asked={appealAsked} onAsk={() => setAppealAsked((n) => n + 1)} />
          )}
        </div>

        {/* Not a landmark of its own: the grid inside is one (navigation "Savollar"). */}
        <div className="flex flex-col gap-3">
          <Card size="panel" className="order-2 lg:order-1" data-testid="attempt-user">
            <p className="font-semibold">{fullName(user)}</p>
            <p className="text-sm text-slate-600">{gradeAndSubject(messages, user.grade, user.subjectName && local(user.subjectName))}</p>
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
      <AttemptPinGate running={running} />
    </div>
  );
}

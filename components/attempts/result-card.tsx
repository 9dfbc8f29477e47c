// The result of an ended attempt: score out of the maximum, time spent, review and certificate,
// how many answers this device sent too late to count (if any), and what followed the test: the
// list's state, the score's moves, the appeals' decisions, the second stage.
"use client";

import { useEffect, useState } from "react";
import { AppealsSummary } from "@/components/appeals/appeals-summary";
import { usePupilAppeals } from "@/components/appeals/queries";
import { CertificateButton } from "@/components/certificates/certificate-button";
import { useMessages } from "@/components/i18n/messages";
import { ScoreFigure } from "@/components/results/score-figure";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { clock } from "@/components/ui/format";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AppealsView } from "@/shared/appeals/schema";
import { EndedBy } from "@/shared/attempts/enums";
import { lateAnswerCount } from "./outbox-storage";

/** `appeals`: the pupil's appeals as the page brought them (null: none), or undefined to ask for them. */
export function ResultCard({
  attemptId,
  result,
  appeals: initialAppeals,
}: {
  attemptId: number;
  result: AttemptResult;
  appeals?: AppealsView | null;
}) {
  const messages = useMessages();
  const texts = messages.testAttempt;
  // Kept on the device that sent them, so read after hydration.
  const [late, setLate] = useState(0);
  useEffect(() => setLate(lateAnswerCount(attemptId)), [attemptId]);
  // The appeals are those of the pupil's counting attempt: shown only when that is this one.
  const { data: found } = usePupilAppeals(initialAppeals);
  const appeals = found?.attemptId === attemptId ? found : null;

  return (
    <Card as="section" data-testid="result">
      <h2 className="text-lg font-semibold">{texts.resultTitle}</h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <ScoreFigure result={result} testId="score" />
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{texts.timeSpent}</dt>
          <dd className="text-3xl font-bold tabular-nums text-slate-900" data-testid="time-spent">
            {clock(result.timeSpent)}
          </dd>
        </div>
      </dl>
      {result.endedBy !== EndedBy.Pupil && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="ended-by">
          {result.endedBy === EndedBy.Organiser ? messages.attempt.endedByOrganiser : messages.attempt.endedByClock}
        </p>
      )}
      {result.voided && (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="voided" role="status">
          {messages.attempt.voidedByOrganiser}
        </p>
      )}
      {late > 0 && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="late-answers">
          {messages.attempt.lateAnswers({ count: late })}
        </p>
      )}
      {appeals && <AppealsSummary view={appeals} />}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <LinkButton href={`/test-attempt/${attemptId}?isAnswer=true`}>{texts.review}</LinkButton>
        {appeals?.open && (
          <LinkButton variant="secondary" href={`/test-attempt/${attemptId}?isAnswer=true#appeals`} data-testid="appeals-link">
            {messages.appeals.title}
          </LinkButton>
        )}
        {!result.voided && <CertificateButton />}
      </div>
    </Card>
  );
}

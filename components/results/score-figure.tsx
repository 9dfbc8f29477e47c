// The score out of the maximum, as the pupil's result card and the family's page show it.
"use client";

import { useLocale, useMessages } from "@/components/i18n/messages";
import type { AttemptResult } from "@/lib/attempts/ending";
import { points } from "@/shared/i18n/numbers";

export function ScoreFigure({ result, testId }: { result: AttemptResult; testId: string }) {
  const locale = useLocale();
  const total = result.easyScore + result.mediumScore + result.hardScore;
  return (
    <div className="rounded-xl bg-primary-50 p-4">
      <dt className="text-sm text-primary-800">{useMessages().testAttempt.score}</dt>
      <dd className="text-3xl font-bold text-primary-900" data-testid={testId}>
        {points(locale, total)} <span className="text-base font-medium text-slate-600">/ {points(locale, result.maxScore)}</span>
      </dd>
    </div>
  );
}

// The pupil's (on the review page) or the parent's (on the registration's page) appeals: until
// when they may be made, those made and their decisions, and while open the form to make or edit
// one. The server's answer to each appeal replaces what the panel shows.
"use client";

import { useEffect, useId, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import type { AppealsView } from "@/shared/appeals/schema";
import { formatTashkent } from "@/shared/time";
import { AppealForm } from "./appeal-form";
import { AppealList } from "./appeal-list";
import type { AppealSource, FormRequest } from "./use-appeal-form";

type Props = {
  source: AppealSource;
  initial: AppealsView;
  /** The question on screen (the review): the form starts on it and follows it until something is typed. */
  questionNumber?: number;
  /** Each increase selects `questionNumber`'s question and takes the focus to the form ("appeal this question"). */
  focusRequest?: number;
  /** The panel's heading under a page's own h2 (the registration's page) is an h3. */
  headingLevel?: 2 | 3;
};

export function AppealsPanel({ source, initial, questionNumber, focusRequest = 0, headingLevel = 2 }: Props) {
  const texts = useMessages().appeals;
  const headingId = useId();
  const [view, setView] = useState(initial);
  const [request, setRequest] = useState<FormRequest | null>(null);
  const ask = (testAttemptQuestionId: number | null, focus: FormRequest["focus"]) =>
    setRequest((last) => ({ testAttemptQuestionId, focus, seq: (last?.seq ?? 0) + 1 }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new ask from the page acts
  useEffect(() => {
    if (focusRequest === 0) return;
    const asked = view.questions.find((q) => q.questionNumber === questionNumber);
    if (asked) ask(asked.testAttemptQuestionId, "about");
  }, [focusRequest]);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="appeals-panel">
      <div className="flex flex-col gap-1">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {texts.title}
        </Heading>
        <p className="text-sm text-slate-600">{texts.lead}</p>
        {/* One line on the period: before the test's close (a practice test's key already shown) it has not begun. */}
        {view.phase === "before" ? (
          <p className="text-sm font-medium text-slate-800" data-testid="appeals-opens-at">
            {texts.opensAt({ from: formatTashkent(view.opensAt), to: formatTashkent(view.closesAt) })}
          </p>
        ) : (
          <p className="text-sm font-medium text-slate-800" data-testid="appeals-closes-at">
            {texts.closesAt({ time: formatTashkent(view.closesAt) })}
          </p>
        )}
        {view.closeMoved && (
          <p className="mt-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="appeals-close-moved">
            {texts.closeMoved({ from: formatTashkent(view.closeMoved.from), to: formatTashkent(view.closesAt) })}
          </p>
        )}
        {view.phase !== "before" && !view.keyShown && (
          <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="appeals-not-yet">
            {texts.notYet}
          </p>
        )}
        {view.phase !== "before" && view.keyShown && !view.open && (
          <p className="mt-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="appeals-closed">
            {texts.closed}
          </p>
        )}
      </div>

      <AppealList
        appeals={view.appeals}
        open={view.open}
        heading={headingLevel === 2 ? "h3" : "h4"}
        onEdit={(appeal) => ask(appeal.testAttemptQuestionId, "text")}
      />

      {view.open && <AppealForm source={source} view={view} questionNumber={questionNumber} request={request} onSaved={setView} />}
    </section>
  );
}

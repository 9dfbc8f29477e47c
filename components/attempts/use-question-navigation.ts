// Which question is on screen (`?questionNumber=`, the first by default) and the way to the
// previous and next one; in review, only the questions the pupil answered.
"use client";

import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";

export function useQuestionNavigation(questions: AttemptData["questions"], review: boolean) {
  const searchParams = useSearchParams();
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
  return { requested, current, go, previous, next };
}

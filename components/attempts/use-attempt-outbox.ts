// The attempt page's outbox: each answer the server confirms is remembered on the device and
// written into the attempt's cached view; a refusal says so, and the attempt's end leaves the page.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useMessages } from "@/components/i18n/messages";
import { rememberSaved } from "@/components/offline/attempt-copy";
import { toast } from "@/components/ui/toast";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { useAnswerOutbox } from "./outbox";
import { attemptKeys } from "./queries";

type Options = { attemptId: number; running: boolean; leave: () => Promise<void> };

export function useAttemptOutbox({ attemptId, running, leave }: Options) {
  const texts = useMessages().attempt;
  const queryClient = useQueryClient();

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

  return useAnswerOutbox({
    attemptId,
    enabled: running,
    onSaved: setConfirmed,
    onRefused: () => toast.error(texts.answerRefused, { id: "answer-refused", position: "top-center" }),
    onEnded: () => void leave(),
  });
}

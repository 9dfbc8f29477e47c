// How an attempt page ends: the pupil's "Yakunlash" (answers on their way go first; offline,
// nothing is ended), the clock's end (the answers held sent for as long as it takes, then Finish,
// retried until it is through), and leaving for the start page, once.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { forgetAttempt } from "@/components/offline/attempt-copy";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { ApiError, api } from "@/shared/http/client";
import type { useAnswerOutbox } from "./outbox";

/** The clock's Finish, when it fails (offline), is tried again this often. */
const FINISH_RETRY_MS = 5_000;

type Outbox = Pick<ReturnType<typeof useAnswerOutbox>, "drain" | "announceEnded">;

export function useFinishAttempt({ attemptId, running }: { attemptId: number; running: boolean }) {
  const messages = useMessages();
  const texts = messages.attempt;
  const router = useRouter();
  const queryClient = useQueryClient();
  const [finishing, setFinishing] = useState(false);
  const autoFinished = useRef(false);

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

  /** The pupil's "Yakunlash": answers on their way go first; offline, nothing is ended. */
  const finish = useCallback(
    async (outbox: Outbox) => {
      setFinishing(true);
      try {
        const outcome = await outbox.drain();
        if (outcome === "ended") return; // the outbox has already left for the result
        // Finishing with answers still on the device would lose them: not now.
        if (outcome === "trouble") throw new ApiError(503, messages.http.network);
        await api("/TestAttempts/Finish", { method: "POST", body: { attemptId, isEndedByUser: true } });
        outbox.announceEnded();
        await leave();
      } catch (error) {
        showError(error);
        setFinishing(false);
      }
    },
    [attemptId, leave, messages.http.network],
  );

  /**
   * Time is up: the server ends the attempt by itself, and takes answers in flight for its grace.
   * So the page sends what it holds (as long as it takes: past the grace the server says so, and
   * those answers are counted as late), then Finish, retried until it is through. Once only.
   */
  const onTimeUp = useCallback(
    async (outbox: Outbox) => {
      if (autoFinished.current || leaving.current || !running) return;
      autoFinished.current = true;
      setFinishing(true);
      toast.info(texts.timeUp, { id: "time-up", position: "top-center" });
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
    },
    [attemptId, leave, running, texts.timeUp],
  );

  return { finishing, leave, finish, onTimeUp };
}

// "Testni boshlash" with the PIN: the attempt opens in place from the paper kept sealed since
// check-in (else from New's own answer), and a saturated server's refusal waits in the queue and retries.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import type { PaperOpening } from "@/lib/attempts/sealed-paper";
import type { IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { ApiError, api, busyWait } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";
import { shellReady } from "./offline-shell";
import { PIN_STORAGE_KEY } from "./pin-storage";
import { attemptKeys } from "./queries";
import { hasSealedPaper, openSealedPaper } from "./sealed-paper";
import type { Queue, Started } from "./start-phase";

/**
 * The first question waits at most this for the offline shell the start page is keeping (normally
 * kept long before the PIN is typed): shown, it can be reloaded without network.
 */
const SHELL_WAIT_MS = 5_000;

/** New's answer: the sealed paper's key when the test has one, the attempt itself when asked (withAttempt). */
type NewAnswer = { attemptId: number; paper?: PaperOpening; attempt?: AttemptData };

export function useStartAttempt(userId: number) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pinOpen, setPinOpen] = useState(false);
  const [queue, setQueue] = useState<Queue | null>(null);
  const [started, setStarted] = useState<Started | null>(null);

  async function start(pinCode: string, tries = 0) {
    try {
      const newAt = Date.now();
      // With no paper kept sealed, New brings the attempt itself (withAttempt): one call, not two.
      const body = { language: 0, pinCode, ...(hasSealedPaper(userId) ? {} : { withAttempt: true }) };
      const { attemptId, paper, attempt: answered } = await api<NewAnswer>("/TestAttempts/New", { method: "POST", body });
      // The attempt opens here: at the opening no page is rendered for it, and its questions come
      // from the paper kept sealed since check-in, else from New's answer, else (a kept paper that
      // does not open) from one cheap Get. The address becomes the attempt's, so a reload lands on
      // its own page. The clock counts from when the call that brought the time left the device.
      const opened = (await openSealedPaper(userId, attemptId, paper)) ?? answered ?? null;
      try {
        localStorage.setItem(PIN_STORAGE_KEY, pinCode);
      } catch {
        // Not kept: the attempt's page asks for the PIN again after a reload.
      }
      const live: IsThereAttempt = { isThereAttempt: true, isEnded: false, attemptId };
      const requestedAt = opened ? newAt : Date.now();
      const attempt = opened ?? (await api<AttemptData>("/TestAttempts/Get", { query: { id: attemptId } }).catch(() => null));
      if (!attempt) {
        queryClient.setQueryData(attemptKeys.isThere, live);
        router.push(`/test-attempt/${attemptId}`);
        return;
      }
      await shellReady(SHELL_WAIT_MS);
      window.history.replaceState(null, "", `/test-attempt/${attemptId}`);
      setStarted({ attempt, requestedAt });
      setPinOpen(false); // done with: should this page show the start again (a reset), it shows it closed
      // After `started`: a running attempt this page did not start would send it to the attempt's page.
      queryClient.setQueryData(attemptKeys.isThere, live);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ErrorCode.WrongPinCode) throw error;
      setPinOpen(false);
      // The server is saturated (a fast 503) or the network failed: wait in the queue, calmly, and
      // try again by ourselves, a little later each time and at a random moment (jitter).
      if (error.status === 503) {
        const wait = busyWait(error.retryAfter, tries);
        setQueue({ tries: tries + 1, retryAt: Date.now() + wait, place: error.queue });
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

  return { start, queue, started, pinOpen, openPin: () => setPinOpen(true), closePin: () => setPinOpen(false) };
}

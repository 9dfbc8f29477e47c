// The answer outbox: every choice is kept on the device until the server confirms it, retried
// with back-off and when the connection returns, and never shown as saved without confirmation.
// Finishing waits for it to drain, so an answer on its way is never overtaken by "Yakunlash".
// Other tabs of the same attempt hear of every confirmed answer and of the end (BroadcastChannel),
// so two tabs never show two different answers as saved.
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, api } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";
import { addLateAnswers, loadPending, type Pending, storePending } from "./outbox-storage";

export type OutboxState = {
  pending: Pending;
  /** The last send failed for want of a connection. */
  offline: boolean;
  /** What a reload left on the device has been read: before it, nothing may be called saved. */
  loaded: boolean;
};

/** What one tab of an attempt tells the others. */
type TabMessage = { type: "saved"; questionId: number; answerId: number } | { type: "ended" };

/** How a pass over the outbox ended. */
export type FlushOutcome = "sent" | "trouble" | "ended";

type Options = {
  attemptId: number;
  enabled: boolean;
  /** The server confirmed this answer. */
  onSaved: (questionId: number, answerId: number) => void;
  /** The server refused this answer for good (not a choice of the question). */
  onRefused: (questionId: number) => void;
  /** The attempt is over on the server: nothing more can be saved. */
  onEnded: () => void;
};

const MAX_BACKOFF_MS = 30_000;
const RETRY_WHILE_DRAINING_MS = 2_000;
/** A send that has not been answered by then is given up and sent again (a stalled connection). */
const SEND_TIMEOUT_MS = 15_000;

export function useAnswerOutbox({ attemptId, enabled, onSaved, onRefused, onEnded }: Options) {
  const [state, setState] = useState<OutboxState>({ pending: {}, offline: false, loaded: false });
  const pendingRef = useRef<Pending>({});
  const running = useRef<Promise<FlushOutcome> | null>(null);
  const backoff = useRef(1000);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tabs = useRef<BroadcastChannel | null>(null);
  const callbacks = useRef({ onSaved, onRefused, onEnded });
  callbacks.current = { onSaved, onRefused, onEnded };

  const publish = useCallback(
    (offline: boolean) => {
      storePending(attemptId, pendingRef.current);
      setState({ pending: { ...pendingRef.current }, offline, loaded: true });
    },
    [attemptId],
  );

  /** One pass: sends what is pending, oldest first, including what is chosen meanwhile. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: `flush` (below) runs from the retry timer only, once both exist
  const send = useCallback(async (): Promise<FlushOutcome> => {
    clearTimeout(timer.current);
    while (Object.keys(pendingRef.current).length > 0) {
      for (const [key, [answerId, chosenAt]] of Object.entries(pendingRef.current)) {
        const questionId = Number(key);
        const controller = new AbortController();
        const stalled = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
        try {
          await api("/TestAttempts/Answer", {
            method: "POST",
            body: { testAttemptQuestionId: questionId, answerId, chosenAt },
            signal: controller.signal,
          });
          // A newer choice may have been made meanwhile: only this one is confirmed.
          if (pendingRef.current[questionId]?.[0] === answerId) delete pendingRef.current[questionId];
          callbacks.current.onSaved(questionId, answerId);
          tabs.current?.postMessage({ type: "saved", questionId, answerId } satisfies TabMessage);
          backoff.current = 1000;
          publish(false);
        } catch (error) {
          if (error instanceof ApiError && error.code === ErrorCode.AttemptEnded) {
            // Too late for the server: never shown as saved, and counted for the result page.
            addLateAnswers(attemptId, Object.keys(pendingRef.current).length);
            pendingRef.current = {};
            publish(false);
            callbacks.current.onEnded();
            return "ended";
          }
          if (error instanceof ApiError && (error.code === ErrorCode.InvalidChoice || error.status === 404 || error.status === 422)) {
            delete pendingRef.current[questionId];
            callbacks.current.onRefused(questionId);
            publish(false);
            continue;
          }
          // The network or the server is in trouble: keep everything, try again later.
          publish(!(error instanceof ApiError) || error.status === 503);
          // `flush` (declared below) runs from this timer only, once both exist.
          timer.current = setTimeout(() => void flush(), backoff.current);
          backoff.current = Math.min(backoff.current * 2, MAX_BACKOFF_MS);
          return "trouble";
        } finally {
          clearTimeout(stalled);
        }
      }
    }
    publish(false);
    return "sent";
  }, [attemptId, publish]);

  /** Starts a pass, or joins the one already running (it picks up new entries too). */
  const flush = useCallback((): Promise<FlushOutcome> => {
    running.current ??= send().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [send]);

  /**
   * Before Finish: waits for the running pass and runs more until nothing is pending or the
   * server says the attempt has ended. A network failure ends it too ("trouble"), unless
   * `keepTrying`: then it tries again until the server answers one way or the other.
   */
  const drain = useCallback(
    async ({ keepTrying = false }: { keepTrying?: boolean } = {}): Promise<FlushOutcome> => {
      for (;;) {
        const outcome = await flush();
        if (outcome === "ended") return outcome;
        if (outcome === "sent" && Object.keys(pendingRef.current).length === 0) return outcome;
        if (outcome === "trouble") {
          if (!keepTrying) return outcome;
          await new Promise((resolve) => setTimeout(resolve, RETRY_WHILE_DRAINING_MS));
        }
      }
    },
    [flush],
  );

  // What a reload left unconfirmed is pending again, and goes out again.
  useEffect(() => {
    if (!enabled) return;
    pendingRef.current = loadPending(attemptId);
    publish(false);
    if (Object.keys(pendingRef.current).length > 0) void flush();
    const online = () => {
      backoff.current = 1000;
      void flush();
    };
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [attemptId, enabled, flush, publish]);

  // The other tabs of this attempt: an answer one confirmed is the saved answer in all of them (one
  // still waiting here stays pending and goes out after it); the end in one ends them all.
  useEffect(() => {
    if (!enabled || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(`olimpiada.attempt.${attemptId}`);
    channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      if (data.type === "saved") callbacks.current.onSaved(data.questionId, data.answerId);
      else callbacks.current.onEnded();
    };
    tabs.current = channel;
    return () => {
      channel.close();
      tabs.current = null;
    };
  }, [attemptId, enabled]);

  /** Tells the other tabs that this attempt has ended (this tab finished it). */
  const announceEnded = useCallback(() => tabs.current?.postMessage({ type: "ended" } satisfies TabMessage), []);

  const enqueue = useCallback(
    (questionId: number, answerId: number) => {
      // The time it was chosen goes with it, however late it is sent (the server keeps both).
      pendingRef.current[questionId] = [answerId, Date.now()];
      publish(state.offline);
      backoff.current = 1000;
      void flush();
    },
    [flush, publish, state.offline],
  );

  /** The attempt ended or was reset elsewhere: what waits here can no longer be saved, so it goes. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    pendingRef.current = {};
    publish(false);
  }, [publish]);

  return { ...state, enqueue, drain, announceEnded, discard };
}

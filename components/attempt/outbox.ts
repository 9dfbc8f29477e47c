// The answer outbox: every choice is kept on the device until the server confirms it, retried
// with back-off and when the connection returns, and never shown as saved without confirmation.
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorCode } from "@/lib/http/errors";
import { ApiError, api } from "@/lib/http/client";

type Pending = Record<number, number>; // testAttemptQuestionId → answerId

const storageKey = (attemptId: number) => `olimpiada.outbox.${attemptId}`;

function load(attemptId: number): Pending {
  try {
    return JSON.parse(localStorage.getItem(storageKey(attemptId)) ?? "{}") as Pending;
  } catch {
    return {};
  }
}

function store(attemptId: number, pending: Pending) {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(storageKey(attemptId));
    else localStorage.setItem(storageKey(attemptId), JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the answer still goes out, it just would not survive a reload.
  }
}

export type OutboxState = {
  pending: Pending;
  /** The last send failed for want of a connection. */
  offline: boolean;
};

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

export function useAnswerOutbox({ attemptId, enabled, onSaved, onRefused, onEnded }: Options) {
  const [state, setState] = useState<OutboxState>({ pending: {}, offline: false });
  const pendingRef = useRef<Pending>({});
  const sending = useRef(false);
  const backoff = useRef(1000);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onSaved, onRefused, onEnded });
  callbacks.current = { onSaved, onRefused, onEnded };

  const publish = useCallback(
    (offline: boolean) => {
      store(attemptId, pendingRef.current);
      setState({ pending: { ...pendingRef.current }, offline });
    },
    [attemptId],
  );

  /** Sends what is pending, oldest first; true when nothing is left. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (sending.current) return false; // the running flush picks up new entries too
    sending.current = true;
    clearTimeout(timer.current);
    let trouble = false;
    let offline = false;
    try {
      while (!trouble && Object.keys(pendingRef.current).length > 0) {
        for (const [key, answerId] of Object.entries(pendingRef.current)) {
          const questionId = Number(key);
          try {
            await api("/TestAttempts/Answer", { method: "POST", body: { testAttemptQuestionId: questionId, answerId } });
            // A newer choice may have been made meanwhile: only this one is confirmed.
            if (pendingRef.current[questionId] === answerId) delete pendingRef.current[questionId];
            callbacks.current.onSaved(questionId, answerId);
            backoff.current = 1000;
            publish(false);
          } catch (error) {
            if (error instanceof ApiError && error.code === ErrorCode.AttemptEnded) {
              pendingRef.current = {};
              publish(false);
              callbacks.current.onEnded();
              return false;
            }
            if (error instanceof ApiError && (error.code === ErrorCode.InvalidChoice || error.status === 404 || error.status === 422)) {
              delete pendingRef.current[questionId];
              callbacks.current.onRefused(questionId);
              publish(false);
              continue;
            }
            // The network or the server is in trouble: keep everything, try again later.
            trouble = true;
            offline = !(error instanceof ApiError) || error.status === 503;
            break;
          }
        }
      }
    } finally {
      sending.current = false;
    }
    publish(offline);
    if (trouble) {
      timer.current = setTimeout(() => void flush(), backoff.current);
      backoff.current = Math.min(backoff.current * 2, MAX_BACKOFF_MS);
    }
    return !trouble && Object.keys(pendingRef.current).length === 0;
  }, [publish]);

  // What a reload left unconfirmed is pending again, and goes out again.
  useEffect(() => {
    if (!enabled) return;
    pendingRef.current = load(attemptId);
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

  const enqueue = useCallback(
    (questionId: number, answerId: number) => {
      pendingRef.current[questionId] = answerId;
      publish(state.offline);
      backoff.current = 1000;
      void flush();
    },
    [flush, publish, state.offline],
  );

  return { ...state, enqueue, flush };
}

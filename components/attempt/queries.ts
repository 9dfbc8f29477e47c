// The test's server data in the browser: keys, fetchers and the spec's refetch rules.
"use client";

import { useQuery } from "@tanstack/react-query";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView } from "@/lib/attempts/taking";
import { api } from "@/lib/http/client";

export const attemptKeys = {
  allow: ["attempt", "allow"] as const,
  isThere: ["attempt", "is-there"] as const,
  result: (id: number) => ["attempt", "result", id] as const,
  attempt: (id: number) => ["attempt", "view", id] as const,
  remaining: (id: number) => ["attempt", "remaining", id] as const,
};

export function useAllowTestAttempt(initialData?: AllowTestAttempt) {
  return useQuery({
    queryKey: attemptKeys.allow,
    queryFn: ({ signal }) => api<AllowTestAttempt>("/TestAttempts/AllowTestAttempt", { signal }),
    initialData,
  });
}

export function useIsThereAttempt(initialData?: IsThereAttempt) {
  return useQuery({
    queryKey: attemptKeys.isThere,
    queryFn: ({ signal }) => api<IsThereAttempt>("/TestAttempts/IsThereAttempt", { signal }),
    initialData,
  });
}

export function useAttemptResult(attemptId: number | null, initialData?: AttemptResult) {
  return useQuery({
    queryKey: attemptKeys.result(attemptId ?? 0),
    queryFn: ({ signal }) => api<AttemptResult>("/TestAttempts/Result", { query: { testAttemptId: attemptId! }, signal }),
    enabled: attemptId !== null,
    initialData,
  });
}

/** Attempt data: refetched every 10 minutes (spec §4). */
export function useAttempt(attemptId: number, initialData: AttemptView) {
  return useQuery({
    queryKey: attemptKeys.attempt(attemptId),
    queryFn: ({ signal }) => api<AttemptView>("/TestAttempts/Get", { query: { id: attemptId }, signal }),
    initialData,
    refetchInterval: 10 * 60_000,
  });
}

/** The server's remaining time: every 3 minutes and on window focus (spec §4). */
export function useRemainingTime(attemptId: number, enabled: boolean) {
  return useQuery({
    queryKey: attemptKeys.remaining(attemptId),
    queryFn: async ({ signal }) => {
      const { remainingTime } = await api<{ remainingTime: number }>("/TestAttempts/GetRemainingTime", {
        query: { attemptId },
        signal,
      });
      // Anchored to this device's clock at arrival, so the countdown does not drift.
      return { remainingTime, receivedAt: Date.now() };
    },
    enabled,
    refetchInterval: 3 * 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
    throwOnError: false,
  });
}

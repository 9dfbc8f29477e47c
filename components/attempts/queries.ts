// The test's server data in the browser: keys, fetchers and the spec's refetch rules.
"use client";

import { useQuery } from "@tanstack/react-query";
import { rememberedSecondsLeft, type ServerTime } from "@/components/offline/attempt-copy";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView } from "@/lib/attempts/taking";
import { api } from "@/shared/http/client";

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

/**
 * Attempt data: refetched every 10 minutes (spec §4). The page brings it, so it is not fetched
 * again on arrival (the opening's thousands of starts each save a call).
 */
export function useAttempt(attemptId: number, initialData: AttemptView) {
  return useQuery({
    queryKey: attemptKeys.attempt(attemptId),
    queryFn: ({ signal }) => api<AttemptView>("/TestAttempts/Get", { query: { id: attemptId }, signal }),
    initialData,
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
  });
}

/**
 * When the request that brought this page's data left the device: the page's remaining time is
 * counted from then, so the clock may show a little less than the server's, never more. A full
 * load: the navigation's request; a move inside the app: the router's fetch of this page.
 */
function pageRequestedAt(attemptId: number): number {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return Date.now();
  const fetched = performance
    .getEntriesByType("resource")
    .filter((entry) => new URL(entry.name, location.href).pathname === `/test-attempt/${attemptId}`)
    .at(-1);
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const inferred = fetched
    ? performance.timeOrigin + fetched.startTime
    : navigation
      ? performance.timeOrigin + navigation.requestStart
      : Date.now();
  // An entry older than any page load takes is not this page's request (the browser keeps only so
  // many, and an earlier visit's may be the last one found): then now, until the server answers.
  return Date.now() - inferred > PAGE_LOAD_MAX_MS ? Date.now() : inferred;
}

/** Longer than a page of the attempt takes to arrive and start over a slow network. */
const PAGE_LOAD_MAX_MS = 20_000;

/**
 * The server's remaining time: brought with the attempt, then every 3 minutes and on window focus
 * (spec §4), anchored to this device's clock at arrival so the countdown does not drift.
 */
export function useRemainingTime(attemptId: number, enabled: boolean, first: { remainingTime: number; requestedAt: number | undefined }) {
  return useQuery({
    queryKey: attemptKeys.remaining(attemptId),
    queryFn: async ({ signal }): Promise<ServerTime> => {
      const sent = Date.now();
      const { remainingTime } = await api<{ remainingTime: number }>("/TestAttempts/GetRemainingTime", {
        query: { attemptId },
        signal,
      });
      return { remainingTime, receivedAt: sent };
    },
    initialData: () => {
      if (typeof window === "undefined") return { remainingTime: first.remainingTime, receivedAt: Date.now() };
      const receivedAt = first.requestedAt ?? pageRequestedAt(attemptId);
      const remembered = rememberedSecondsLeft(attemptId, receivedAt);
      return { remainingTime: Math.min(first.remainingTime, remembered ?? first.remainingTime), receivedAt };
    },
    // Brought by the in-place start (its request's moment known): fresh. Brought by a page, whose
    // request's moment is only inferred: checked with the server at once, so an inference gone
    // wrong can never run the clock out early (the clock's zero finishes the attempt).
    initialDataUpdatedAt: first.requestedAt === undefined ? 0 : Date.now(),
    enabled,
    staleTime: 3 * 60_000,
    refetchInterval: 3 * 60_000,
    refetchOnWindowFocus: "always",
    throwOnError: false,
  });
}

// The timer: HH:MM:SS from the server's remaining time, red under five minutes, black 00:00:00 in
// review. The page brings the server's value with it, so the spec's placeholder of 60 seconds
// "before the server value arrives" is never shown: no pupil sees a false minute.
"use client";

import { useEffect, useState } from "react";
import { clock } from "@/components/ui/format";
import type { ServerTime } from "./queries";

const WARNING_SECONDS = 300;
/**
 * The server's whole seconds less every second begun since its answer was asked for: never more
 * than the server would say at that moment (the server floors, and asked no earlier than then).
 */
export function secondsLeft(server: ServerTime, now: number): number {
  return Math.max(0, server.remainingTime - Math.ceil((now - server.receivedAt) / 1000));
}

type Props = { server: ServerTime; review: boolean; onZero: () => void };

export function Timer({ server, review, onZero }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (review) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [review]);

  const left = review ? 0 : secondsLeft(server, now);
  useEffect(() => {
    if (!review && left === 0) onZero();
  }, [review, left, onZero]);

  const color = review ? "text-slate-900" : left < WARNING_SECONDS ? "text-red-600" : "text-primary-900";
  return (
    <time
      data-testid="timer"
      data-warning={!review && left < WARNING_SECONDS ? "true" : undefined}
      className={`font-mono text-2xl font-bold tabular-nums ${color}`}
      aria-live="off"
      // The server renders the time of its render; the browser counts from when it asked.
      suppressHydrationWarning
    >
      {clock(left)}
    </time>
  );
}

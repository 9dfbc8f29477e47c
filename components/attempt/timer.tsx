// The timer: HH:MM:SS from the server's remaining time, red under five minutes, black 00:00:00 in
// review, 60 seconds until the server has answered.
"use client";

import { useEffect, useState } from "react";
import { clock } from "./format";

const WARNING_SECONDS = 300;
const BEFORE_SERVER_SECONDS = 60;

export function secondsLeft(server: { remainingTime: number; receivedAt: number } | undefined, now: number): number {
  if (!server) return BEFORE_SERVER_SECONDS;
  return Math.max(0, server.remainingTime - Math.floor((now - server.receivedAt) / 1000));
}

type Props = { server: { remainingTime: number; receivedAt: number } | undefined; review: boolean; onZero: () => void };

export function Timer({ server, review, onZero }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (review) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [review]);

  const left = review ? 0 : secondsLeft(server, now);
  useEffect(() => {
    if (!review && server && left === 0) onZero();
  }, [review, server, left, onZero]);

  const color = review ? "text-slate-900" : left < WARNING_SECONDS ? "text-red-600" : "text-primary-900";
  return (
    <time
      data-testid="timer"
      data-warning={!review && left < WARNING_SECONDS ? "true" : undefined}
      className={`font-mono text-2xl font-bold tabular-nums ${color}`}
      aria-live="off"
    >
      {clock(left)}
    </time>
  );
}

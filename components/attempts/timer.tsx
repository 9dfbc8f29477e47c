// The timer: HH:MM:SS from the server's remaining time, red under five minutes; only while the
// attempt runs (review shows none, where the spec's clock stood still at 00:00:00). The page
// brings the server's value with it, so the spec's placeholder of 60 seconds "before the server
// value arrives" is never shown: no pupil sees a false minute. A screen reader
// finds it as a labelled timer that never speaks by itself, but for a polite word when 10, 5 and
// 1 minutes are left (issue 27): never every second.
"use client";

import { useEffect, useRef, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import type { ServerTime } from "@/components/offline/attempt-copy";
import { clock } from "@/components/ui/format";

const WARNING_SECONDS = 300;
/** The minutes left that are said aloud, as the clock passes them. */
const SPOKEN_MINUTES = [10, 5, 1];
/** How long a spoken mark stays in its status region. */
const SAID_FOR_MS = 15_000;

/** The last of the spoken marks the clock has reached (10 at 9:59, 5 at 4:12), or null above them all. */
function spokenMark(seconds: number): number | null {
  const reached = SPOKEN_MINUTES.filter((minutes) => seconds <= minutes * 60);
  return reached.length > 0 ? Math.min(...reached) : null;
}
/**
 * The server's whole seconds less every second begun since its answer was asked for: never more
 * than the server would say at that moment (the server floors, and asked no earlier than then).
 */
export function secondsLeft(server: ServerTime, now: number): number {
  return Math.max(0, server.remainingTime - Math.ceil((now - server.receivedAt) / 1000));
}

type Props = { server: ServerTime; onZero: () => void };

export function Timer({ server, onZero }: Props) {
  const texts = useMessages().attempt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  const left = secondsLeft(server, now);
  useEffect(() => {
    if (left === 0) onZero();
  }, [left, onZero]);

  // Said only when the clock passes a mark while the page is open (a page opened at 7 minutes
  // says nothing until 5), never when time is given back (an organiser's extra minutes are told
  // by their own toast); cleared after a while, so that no one reads a stale "5 minutes" later.
  const mark = spokenMark(left);
  const lastMark = useRef<number | null | undefined>(undefined);
  const [said, setSaid] = useState("");
  useEffect(() => {
    const passed = lastMark.current !== undefined && mark !== null && (lastMark.current === null || mark < lastMark.current);
    lastMark.current = mark;
    if (passed) setSaid(texts.minutesLeft({ count: mark }));
  }, [mark, texts]);
  useEffect(() => {
    if (!said) return;
    const clear = setTimeout(() => setSaid(""), SAID_FOR_MS);
    return () => clearTimeout(clear);
  }, [said]);

  const color = left < WARNING_SECONDS ? "text-red-600" : "text-primary-900";
  return (
    <div role="timer" aria-label={texts.timeLeft}>
      <time
        data-testid="timer"
        data-warning={left < WARNING_SECONDS ? "true" : undefined}
        className={`font-mono text-2xl font-bold tabular-nums ${color}`}
        // The server renders the time of its render; the browser counts from when it asked.
        suppressHydrationWarning
      >
        {clock(left)}
      </time>
      <p className="sr-only" role="status" data-testid="timer-announcement">
        {said}
      </p>
    </div>
  );
}

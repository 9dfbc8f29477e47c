// "Test ochilishiga qoldi:" in KUN, SOAT, DAQIQA, SONIYA, on the server's clock.
"use client";

import { useEffect, useRef, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { countdownParts } from "@/components/ui/format";

/** `onZero` at once; `onRecheck` once, within ZERO_SPREAD_MS after. */
type Props = { openedAt: string; serverTime: string; onZero: () => void; onRecheck: () => void };

/**
 * Every countdown of an opening reaches zero in the same second (they run on the server's clock):
 * each asks for the allowance once, at a random moment within this, so thousands of phones do not
 * knock at once. The start button does not wait for it (see StartView).
 */
export const ZERO_SPREAD_MS = 30_000;

const secondsUntil = (target: number, skewMs: number) => Math.max(0, Math.ceil((target - (Date.now() + skewMs)) / 1000));

export function Countdown({ openedAt, serverTime, onZero, onRecheck }: Props) {
  const messages = useMessages();
  // The phone's clock may be wrong; count from the server's time at arrival instead.
  const [skewMs] = useState(() => new Date(serverTime).getTime() - Date.now());
  const target = new Date(openedAt).getTime();
  const [seconds, setSeconds] = useState(() => secondsUntil(target, skewMs));
  const fired = useRef(false);

  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsUntil(target, skewMs)), 1000);
    return () => clearInterval(tick);
  }, [target, skewMs]);

  useEffect(() => {
    if (seconds === 0 && !fired.current) {
      fired.current = true; // the allowance is asked again once, not every second
      onZero();
      setTimeout(onRecheck, Math.random() * ZERO_SPREAD_MS);
    }
  }, [seconds, onZero, onRecheck]);

  const parts = countdownParts(seconds);
  const cells = [
    [parts.days, messages.testAttempt.units.days],
    [parts.hours, messages.testAttempt.units.hours],
    [parts.minutes, messages.testAttempt.units.minutes],
    [parts.seconds, messages.testAttempt.units.seconds],
  ] as const;
  return (
    <section aria-live="polite" className="flex flex-col items-center gap-3 py-4" data-testid="countdown">
      <h2 className="text-base font-semibold text-slate-700">{messages.testAttempt.countdown}</h2>
      <div className="grid grid-cols-4 gap-2 sm:gap-4">
        {cells.map(([value, label]) => (
          <div key={label} className="flex min-w-16 flex-col items-center rounded-xl bg-primary-900 px-2 py-3 text-white sm:min-w-20">
            <span className="text-2xl font-bold tabular-nums sm:text-3xl">{String(value).padStart(2, "0")}</span>
            <span className="text-[10px] font-semibold tracking-wider text-primary-200 sm:text-xs">{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

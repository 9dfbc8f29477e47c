// "You are in the queue": what the wait is, a bar filling up to the next try, no button.
"use client";

import { useEffect, useState } from "react";
import { useBusyTexts } from "@/components/i18n/messages";
import type { QueuePlace } from "@/shared/http/contract";
import { placeWords } from "@/shared/i18n/queue-place.mjs";

/**
 * `retryAt`: when the page tries again by itself (Date.now() time); `place`: where the server's
 * queue has this pupil and the wait it measured (absent when the network failed rather than the
 * server being busy).
 */
export function QueueState({ retryAt, place }: { retryAt: number; place?: QueuePlace | null }) {
  const texts = useBusyTexts();
  const [now, setNow] = useState(() => Date.now());
  const [from] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const left = Math.max(0, Math.ceil((retryAt - now) / 1000));
  const share = Math.min(1, (now - from) / Math.max(1, retryAt - from));
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-6 text-center" data-testid="queue">
      <h2 className="text-lg font-semibold text-slate-900">{texts.title}</h2>
      <p className="max-w-sm text-sm text-slate-600">{texts.lead}</p>
      {place && (
        <p className="text-sm font-medium text-slate-800" data-testid="queue-place">
          {placeWords(texts, place)}
        </p>
      )}
      <div className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200">
        <div
          className="h-full rounded-full bg-primary-600 transition-[width] duration-200"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">{left > 0 ? texts.retryIn.replace("{seconds}", String(left)) : texts.retrying}</p>
    </div>
  );
}

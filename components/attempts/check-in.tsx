// The start page from check-in to the opening: the pupil is told they are checked in
// (their paper is drawn), when the test begins, and what the device's checks found: whether its
// clock agrees with the server's, whether it can keep answers, and how fast the network answered.
"use client";

import { useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { formatTashkent } from "@/shared/time";

/** A phone's clock further off than this is mentioned (the timer runs on the server's clock anyway). */
const CLOCK_TOLERANCE_MS = 60_000;
/** A round trip slower than this is called slow. */
const SLOW_NETWORK_MS = 1_500;

type Check = { ok: boolean; text: string } | null;

/** Whether the browser can keep what the page stores (the answers' outbox, the kept page). */
function storageWorks(): boolean {
  try {
    const key = "olimpiada-check-in";
    window.localStorage.setItem(key, "1");
    const read = window.localStorage.getItem(key) === "1";
    window.localStorage.removeItem(key);
    return read && typeof window.indexedDB !== "undefined";
  } catch {
    return false;
  }
}

export function CheckInRoom({ openedAt, serverTime }: { openedAt: string; serverTime: string }) {
  const messages = useMessages();
  const texts = messages.testAttempt.checkIn;
  const [clock, setClock] = useState<Check>(null);
  const [storage, setStorage] = useState<Check>(null);
  const [network, setNetwork] = useState<Check>(null);

  useEffect(() => {
    const skew = Math.abs(Date.now() - new Date(serverTime).getTime());
    setClock(
      skew <= CLOCK_TOLERANCE_MS
        ? { ok: true, text: texts.clockOk }
        : { ok: false, text: texts.clockOff({ count: Math.round(skew / 60_000) }) },
    );
    setStorage(storageWorks() ? { ok: true, text: texts.storageOk } : { ok: false, text: texts.storageFail });
    const started = performance.now();
    // The health check is served before admission and costs the server nothing: one per pupil.
    fetch("/api/health", { cache: "no-store" })
      .then(async (response) => {
        await response.text(); // the whole answer, as a question's would come
        const ms = Math.round(performance.now() - started);
        if (!response.ok) setNetwork({ ok: false, text: texts.networkFail });
        else
          setNetwork(ms <= SLOW_NETWORK_MS ? { ok: true, text: texts.networkOk({ ms }) } : { ok: false, text: texts.networkSlow({ ms }) });
      })
      .catch(() => setNetwork({ ok: false, text: texts.networkFail }));
  }, [serverTime, texts]);

  return (
    <section
      data-testid="check-in"
      className="mx-auto w-full max-w-md rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-left text-sm"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-emerald-900">
        <span aria-hidden="true">✓</span>
        {texts.title}
      </h2>
      <p className="mt-1 text-slate-700">{texts.lead({ opensAt: formatTashkent(openedAt) })}</p>
      <h3 className="mt-3 font-semibold text-slate-900">{texts.checksTitle}</h3>
      <ul className="mt-1 space-y-1" data-testid="device-checks">
        {[clock, storage, network].map((check, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: three fixed checks, always in this order
          <li key={index} className="flex gap-2" data-ok={check ? String(check.ok) : undefined}>
            <span aria-hidden="true" className={check === null ? "text-slate-400" : check.ok ? "text-emerald-700" : "text-amber-700"}>
              {check === null ? "…" : check.ok ? "✓" : "!"}
            </span>
            <span className={check?.ok === false ? "text-amber-900" : "text-slate-700"}>{check?.text ?? texts.checking}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Before check-in: when it opens. */
export function CheckInLater({ checkInAt }: { checkInAt: string }) {
  const messages = useMessages();
  const texts = messages.testAttempt.checkIn;
  return (
    <p data-testid="check-in-later" className="mx-auto max-w-md text-center text-sm text-slate-600">
      {texts.later({ opensAt: formatTashkent(checkInAt) })}
    </p>
  );
}

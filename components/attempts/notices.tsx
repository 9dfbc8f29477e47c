// The organiser's notices (an outage, extra minutes for all) on the start and attempt pages: asked
// for when the page opens and then every 20 s and when the tab comes back, without a reload (issue 26). The answer is the same
// for every pupil and served by server/main.mjs from a copy of a few seconds (server/status-page.mjs),
// so thousands of pages asking cost next to nothing; a failed ask keeps what is shown, silently.
"use client";

import { useEffect, useState } from "react";
import { useLocale, useMessages } from "@/components/i18n/messages";
import type { Notice } from "@/lib/incidents/incidents";

const EVERY_MS = 20_000;

type Listener = (notices: Notice[]) => void;

/**
 * One asking loop for the page, whichever of its parts shows the notices: the start page and the
 * attempt it opens in place share it, so the attempt's first seconds ask nothing more than New and
 * Get and the cadence carries on. It stops when nothing shows them.
 */
const loop = {
  listeners: new Set<Listener>(),
  last: [] as Notice[],
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  async look() {
    clearTimeout(loop.timer);
    try {
      const response = await fetch("/api/notices", { credentials: "omit" });
      if (response.ok) {
        loop.last = ((await response.json()) as { notices: Notice[] }).notices;
        for (const listener of loop.listeners) listener(loop.last);
      }
    } catch {
      // Offline or busy: what is shown stays until the next look.
    }
    // Spread, so that pages opened together do not ask together.
    if (loop.listeners.size > 0) loop.timer = setTimeout(() => void loop.look(), EVERY_MS + Math.random() * 2_000);
  },
  onVisible() {
    if (document.visibilityState === "visible") void loop.look();
  },
  join(listener: Listener) {
    const first = loop.listeners.size === 0 && loop.timer === undefined;
    loop.listeners.add(listener);
    if (first) {
      document.addEventListener("visibilitychange", loop.onVisible);
      void loop.look();
    }
    return () => {
      loop.listeners.delete(listener);
      // A part replaced by another in the same moment (the start page by the attempt) keeps the loop.
      setTimeout(() => {
        if (loop.listeners.size > 0) return;
        clearTimeout(loop.timer);
        loop.timer = undefined;
        document.removeEventListener("visibilitychange", loop.onVisible);
      }, 0);
    };
  },
};

export function Notices() {
  const messages = useMessages();
  const locale = useLocale();
  const [notices, setNotices] = useState<Notice[]>(() => loop.last);
  useEffect(() => loop.join(setNotices), []);
  if (notices.length === 0) return null;
  return (
    <section aria-label={messages.notices.label} aria-live="polite" data-testid="notices" className="flex flex-col gap-2">
      {notices.map((notice) => (
        <p
          key={notice.noticeId}
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
          data-testid="notice"
        >
          <strong className="mr-1">{messages.notices.label}:</strong>
          {notice.texts[locale] ?? notice.texts.uz}
        </p>
      ))}
    </section>
  );
}

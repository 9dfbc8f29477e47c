// The organiser's notices (an outage, extra minutes for all) on the start and attempt pages: asked
// for every 20 s and when the tab comes back, without a reload (issue 26). The answer is the same
// for every pupil and served by server.mjs from a copy of a few seconds (lib/http/status-page.mjs),
// so thousands of pages asking cost next to nothing; a failed ask keeps what is shown, silently.
"use client";

import { useEffect, useState } from "react";
import { useLocale, useMessages } from "@/components/i18n/messages";
import type { Notice } from "@/lib/organiser/incidents";

const EVERY_MS = 20_000;

export function Notices() {
  const m = useMessages();
  const locale = useLocale();
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    let stopped = false;
    const look = async () => {
      try {
        const response = await fetch("/api/notices", { credentials: "omit" });
        if (!response.ok) return;
        const body = (await response.json()) as { notices: Notice[] };
        if (!stopped) setNotices(body.notices);
      } catch {
        // Offline or busy: what is shown stays until the next look.
      }
    };
    void look();
    // Spread, so that pages opened together do not ask together.
    const timer = setInterval(look, EVERY_MS + Math.random() * 2_000);
    const onVisible = () => document.visibilityState === "visible" && void look();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  if (notices.length === 0) return null;
  return (
    <section aria-label={m.notices.label} aria-live="polite" data-testid="notices" className="flex flex-col gap-2">
      {notices.map((notice) => (
        <p
          key={notice.noticeId}
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
          data-testid="notice"
        >
          <strong className="mr-1">{m.notices.label}:</strong>
          {notice.texts[locale] ?? notice.texts.uz}
        </p>
      ))}
    </section>
  );
}

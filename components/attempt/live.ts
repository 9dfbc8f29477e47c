// The open attempt page hears the organiser's acts on it as they happen (lib/live): a stream the
// browser keeps open and reopens by itself. Where it cannot (a proxy that holds streams back), the
// page's periodic checks and the answers' own refusals still bring the change, later.
"use client";

import { useEffect, useRef } from "react";
import type { AttemptChange } from "@/lib/live/changes";

export function useAttemptChanges(enabled: boolean, onChange: (change: AttemptChange) => void): void {
  const listener = useRef(onChange);
  listener.current = onChange;
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/TestAttempts/Events");
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        listener.current(JSON.parse(event.data) as AttemptChange);
      } catch {
        // Not a change of ours: nothing to do.
      }
    };
    return () => source.close();
  }, [enabled]);
}

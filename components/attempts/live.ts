// The open attempt page hears the organiser's acts on it as they happen (lib/live): a stream the
// browser keeps open and reopens by itself. Where it cannot (a proxy that holds streams back), the
// page's periodic checks and the answers' own refusals still bring the change, later.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useMessages } from "@/components/i18n/messages";
import { toast } from "@/components/ui/toast";
import type { AttemptChange } from "@/lib/live/changes";
import { attemptKeys } from "./queries";

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

/**
 * The organiser's acts on this attempt, said in words: extra minutes (the clock is read again), an
 * earlier deadline, an end or a reset (what is still on its way is let go, the page leaves), a
 * new password or a block (answers on their way stay on the device until the pupil signs in again).
 */
export function useOrganiserActs({
  attemptId,
  running,
  discardOutbox,
  leave,
}: {
  attemptId: number;
  running: boolean;
  discardOutbox: () => void;
  leave: () => Promise<void>;
}): void {
  const messages = useMessages();
  const texts = messages.attempt;
  const queryClient = useQueryClient();
  const router = useRouter();
  useAttemptChanges(running, (change) => {
    const refetchClock = () => void queryClient.invalidateQueries({ queryKey: attemptKeys.remaining(attemptId) });
    switch (change.kind) {
      case "extended":
        toast.info(texts.extendedByOrganiser({ count: change.minutes }), { id: "extended", position: "top-center" });
        return refetchClock();
      case "deadline":
        return refetchClock();
      case "ended":
      case "reset":
        if (change.attemptId !== attemptId) return;
        // Nothing still on its way can be saved now: it is not shown as saved, and it is let go.
        discardOutbox();
        toast.info(change.kind === "ended" ? texts.endedByOrganiser : texts.reopened, { id: "organiser-change", position: "top-center" });
        return void leave();
      case "signedOut":
        // "Chiqish" in another tab of this device needs no word; a block or a new password does.
        if (change.reason !== "signedOut") {
          toast.warning(change.reason === "password" ? texts.passwordChanged : messages.codes[2103], {
            id: "signed-out",
            duration: 30_000,
          });
        }
        return router.replace(`/login?returnUrl=${encodeURIComponent(`/test-attempt/${attemptId}`)}`);
    }
  });
}

// The attempt page's bar: the timer, the saved state and "Yakunlash" (in review, the way back),
// kept in reach while scrolling. On a phone the saved state has a line of its own under the rest:
// whole words at any width, even 320 px.
"use client";

import { useRouter } from "next/navigation";
import { useMessages } from "@/components/i18n/messages";
import type { ServerTime } from "@/components/offline/attempt-copy";
import { Button } from "@/components/ui/button";
import { SaveState } from "./save-state-bar";
import { Timer } from "./timer";

type Props = {
  running: boolean;
  server: ServerTime;
  onTimeUp: () => void;
  saved: { loaded: boolean; offline: boolean; pendingCount: number };
  finishing: boolean;
  onFinish: () => void;
};

export function AttemptBar({ running, server, onTimeUp, saved, finishing, onFinish }: Props) {
  const texts = useMessages().attempt;
  const router = useRouter();
  return (
    <div
      data-sticky-bar
      className="sticky top-[60px] z-30 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white/95 p-3 shadow-sm ring-1 ring-slate-200 backdrop-blur lg:top-2"
    >
      {/* Review has no clock: a time that no longer runs would only read as "time is up". */}
      {running && <Timer server={server} onZero={onTimeUp} />}
      <div
        className="order-3 min-w-0 basis-full text-xs empty:hidden sm:order-2 sm:flex-1 sm:basis-auto sm:text-sm"
        data-testid="save-state"
        role="status"
      >
        {running && <SaveState loaded={saved.loaded} offline={saved.offline} pendingCount={saved.pendingCount} />}
      </div>
      {running ? (
        <Button variant="danger" className="order-2 ml-auto sm:order-3" onClick={onFinish} pending={finishing}>
          {texts.finish}
        </Button>
      ) : (
        <Button variant="secondary" className="order-2 ml-auto sm:order-3" onClick={() => router.push("/test-attempt")}>
          {texts.back}
        </Button>
      )}
    </div>
  );
}

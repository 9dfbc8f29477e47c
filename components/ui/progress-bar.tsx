// The thin bar at the top of the page while anything is being fetched or saved.
"use client";

import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useMessages } from "@/components/i18n/messages";

export function ProgressBar() {
  const messages = useMessages();
  const busy = useIsFetching() + useIsMutating() > 0;
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={messages.common.loading}
      data-testid="progress-bar"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-primary-100"
    >
      <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] bg-primary-600" />
    </div>
  );
}

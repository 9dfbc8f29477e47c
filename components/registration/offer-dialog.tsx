// The public offer in a modal that only its confirm button closes, enabled once read to the end.
"use client";

import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** How close to the bottom counts as "read to the end" (spec: 5 px). */
const SCROLL_TOLERANCE_PX = 5;

/** `text`: the offer itself (components/registration/offer-text.tsx, rendered by the server). */
export function OfferDialog({ open, text, onConfirm }: { open: boolean; text: ReactNode; onConfirm: () => void }) {
  const messages = useMessages();
  // The text's box, once the dialog's code has arrived and shown it (components/ui/dialog.tsx).
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [readToEnd, setReadToEnd] = useState(false);

  const check = useCallback(() => {
    if (body && body.scrollHeight - body.scrollTop - body.clientHeight <= SCROLL_TOLERANCE_PX) setReadToEnd(true);
  }, [body]);

  useEffect(() => {
    if (!open) {
      setReadToEnd(false);
      return;
    }
    // A short text (or a tall screen) needs no scrolling: check once laid out, and on resize.
    const frame = requestAnimationFrame(check);
    window.addEventListener("resize", check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", check);
    };
  }, [open, check]);

  return (
    <Dialog
      open={open}
      size="lg"
      title={messages.offer.title}
      titleClassName="border-b border-slate-200 px-5 py-4"
      description={messages.offer.scrollHint}
      hideDescription
    >
      <section
        ref={setBody}
        onScroll={check}
        data-testid="offer-text"
        // A keyboard scrolls it too (arrows, Page Down, Space): it is the dialog's first stop.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled without a mouse
        tabIndex={0}
        aria-label={messages.offer.title}
        className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm leading-relaxed text-slate-700"
      >
        {text}
      </section>
      <div className="flex flex-col gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        {!readToEnd && <p className="text-xs text-slate-500">{messages.offer.scrollHint}</p>}
        <Button className="sm:ml-auto" disabled={!readToEnd} onClick={onConfirm}>
          {messages.offer.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

// The public offer in a modal that only its confirm button closes, enabled once read to the end.
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { uz } from "@/lib/i18n/uz";

/** How close to the bottom counts as "read to the end" (spec: 5 px). */
const SCROLL_TOLERANCE_PX = 5;

export function OfferDialog({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);

  const check = useCallback(() => {
    const el = bodyRef.current;
    if (!el) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_TOLERANCE_PX) setReadToEnd(true);
  }, []);

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
      className="inset-x-2"
      title={uz.offer.title}
      titleClassName="border-b border-slate-200 px-5 py-4"
      description={uz.offer.scrollHint}
      hideDescription
    >
      <div
        ref={bodyRef}
        onScroll={check}
        data-testid="offer-text"
        className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm leading-relaxed text-slate-700"
      >
        {uz.offer.sections.map((section) => (
          <section key={section.heading} className="mb-4">
            <h3 className="mb-1 font-semibold text-slate-900">{section.heading}</h3>
            {section.paragraphs.map((p) => (
              <p key={p} className="mb-2">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        {!readToEnd && <p className="text-xs text-slate-500">{uz.offer.scrollHint}</p>}
        <Button className="sm:ml-auto" disabled={!readToEnd} onClick={onConfirm}>
          {uz.offer.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

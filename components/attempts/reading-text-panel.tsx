// The reading text the question on screen is about: beside it on a wide screen (it can be hidden
// there), above it on a phone, in a box of its own that scrolls.
"use client";

import { clsx } from "clsx";
import { useMessages } from "@/components/i18n/messages";
import { Card } from "@/components/ui/card";
import { RichText } from "@/components/ui/rich-text";

export function ReadingTextPanel({ html, shown }: { html: string; shown: boolean }) {
  const texts = useMessages().attempt;
  return (
    <Card
      as="aside"
      size="panel"
      className={clsx("min-w-0 lg:max-h-[75dvh] lg:w-2/5 lg:shrink-0 lg:overflow-y-auto", !shown && "lg:hidden")}
      aria-label={texts.readingText}
      data-testid="reading-text"
    >
      <h2 className="mb-2 text-sm font-semibold text-slate-500">{texts.readingText}</h2>
      {/* A long text scrolls in its box on a phone: the box takes the focus, so a keyboard scrolls it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable without a mouse (WCAG 2.1.1) */}
      <div tabIndex={0} className="max-h-64 overflow-y-auto lg:max-h-none">
        <RichText html={html} className="text-sm leading-relaxed" />
      </div>
    </Card>
  );
}

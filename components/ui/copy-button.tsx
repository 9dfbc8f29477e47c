// Copies a value; the label says "Nusxa olindi" for 3 seconds (spec §9).
"use client";

import { useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "./button";

const CONFIRMATION_MS = 3000;

type Props = { value: string /** What is copied, for screen readers. */; label: string; text?: string; testId?: string };

export function CopyButton({ value, label, text: givenText, testId }: Props) {
  const messages = useMessages();
  const text = givenText ?? messages.common.copy;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="secondary"
      data-testid={testId}
      aria-label={copied ? messages.common.copied : label}
      className="shrink-0"
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? messages.common.copied : text}</span>
    </Button>
  );
}

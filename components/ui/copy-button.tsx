// Copies a value; the label says "Nusxa olindi" for 3 seconds (spec §9).
"use client";

import { useEffect, useState } from "react";
import { uz } from "@/lib/i18n/uz";
import { Button } from "./button";

const CONFIRMATION_MS = 3000;

type Props = { value: string /** What is copied, for screen readers. */; label: string; text?: string; testId?: string };

export function CopyButton({ value, label, text = uz.common.copy, testId }: Props) {
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
      aria-label={copied ? uz.common.copied : label}
      className="shrink-0"
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? uz.common.copied : text}</span>
    </Button>
  );
}

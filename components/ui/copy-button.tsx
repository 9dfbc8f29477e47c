// Copies a value; the label says "Nusxa olindi" for 3 seconds (spec §9).
"use client";

import { useEffect, useState } from "react";
import { uz } from "@/lib/i18n/uz";
import { Button } from "./button";

const CONFIRMATION_MS = 3000;

export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
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
      aria-label={copied ? uz.registration.copied : label}
      className="shrink-0"
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? uz.registration.copied : uz.registration.copy}</span>
    </Button>
  );
}

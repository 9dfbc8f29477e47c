// The PIN modal: on the start page before "Boshlash", and over the attempt page when this device
// has no PIN stored. A blank PIN cannot be sent.
"use client";

import { type FormEvent, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { ApiError } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";

type Props = {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** Resolves when accepted; an ApiError's message is shown under the field. */
  onSubmit: (pinCode: string) => Promise<void>;
  /** Without it the modal cannot be dismissed (the attempt page). */
  onCancel?: () => void;
  /** Shown instead of the server's message when the PIN is wrong. */
  wrongMessage?: string;
};

export function PinDialog({ open, title, confirmLabel, onSubmit, onCancel, wrongMessage }: Props) {
  const messages = useMessages();
  const [pin, setPin] = useState("");
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const blank = pin.trim() === "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (blank || pending) return;
    setPending(true);
    setError(null);
    try {
      await onSubmit(pin.trim());
    } catch (e) {
      const wrong = e instanceof ApiError && e.code === ErrorCode.WrongPinCode;
      setError(wrong && wrongMessage ? wrongMessage : e instanceof ApiError ? e.message : messages.http.default);
      if (wrong) setPin("");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onDismiss={onCancel} title={title} description={title} hideDescription>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
        <Input
          id="pin-code"
          aria-label={messages.testAttempt.pinLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={16}
          value={pin}
          invalid={Boolean(error) || (touched && blank)}
          onChange={(e) => {
            setPin(e.target.value);
            setError(null);
          }}
          onBlur={() => setTouched(true)}
          className="text-center text-2xl tracking-[0.4em]"
        />
        {(error || (touched && blank)) && (
          <p id="pin-code-error" role="alert" className="text-sm text-red-600">
            {error ?? messages.attempt.pinRequired}
          </p>
        )}
        <div className="flex gap-2">
          {onCancel && (
            <Button variant="secondary" className="flex-1" onClick={onCancel}>
              {messages.attempt.cancel}
            </Button>
          )}
          <Button type="submit" className="flex-1" disabled={blank} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

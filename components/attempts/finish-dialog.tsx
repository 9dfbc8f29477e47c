// "Yakunlash": a confirmation that says how many questions are still unanswered.
"use client";

import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

type Props = {
  open: boolean;
  unanswered: number;
  pending: boolean;
  /** Answers still on their way: Finish waits for them, and the pupil is told so. */
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function FinishDialog({ open, unanswered, pending, sending, onConfirm, onCancel }: Props) {
  const messages = useMessages();
  return (
    <Dialog
      open={open}
      onDismiss={pending ? undefined : onCancel}
      title={messages.attempt.confirmFinish}
      description={unanswered > 0 ? messages.attempt.unanswered({ count: unanswered }) : messages.attempt.confirmFinish}
      hideDescription={unanswered === 0}
      descriptionClassName="font-medium text-red-600"
    >
      {pending && sending && (
        <p className="mt-2 text-sm text-amber-700" role="status" data-testid="finish-sending">
          {messages.attempt.finishingSave}
        </p>
      )}
      <div className="mt-5 flex gap-2">
        <Button variant="secondary" className="flex-1" disabled={pending} onClick={onCancel}>
          {messages.attempt.cancel}
        </Button>
        <Button variant="danger" className="flex-1" pending={pending} onClick={onConfirm}>
          {messages.attempt.finish}
        </Button>
      </div>
    </Dialog>
  );
}

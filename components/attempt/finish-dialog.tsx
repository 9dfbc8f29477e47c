// "Yakunlash": a confirmation that says how many questions are still unanswered.
"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "@/components/ui/button";
import { uz } from "@/lib/i18n/uz";

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
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-x-3 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{uz.attempt.confirmFinish}</Dialog.Title>
          <Dialog.Description className={unanswered > 0 ? "mt-2 font-medium text-red-600" : "sr-only"}>
            {unanswered > 0 ? uz.attempt.unanswered(unanswered) : uz.attempt.confirmFinish}
          </Dialog.Description>
          {pending && sending && (
            <p className="mt-2 text-sm text-amber-700" role="status" data-testid="finish-sending">
              {uz.attempt.finishingSave}
            </p>
          )}
          <div className="mt-5 flex gap-2">
            <Button variant="secondary" className="flex-1" disabled={pending} onClick={onCancel}>
              {uz.attempt.cancel}
            </Button>
            <Button variant="danger" className="flex-1" pending={pending} onClick={onConfirm}>
              {uz.attempt.finish}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

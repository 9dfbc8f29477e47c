// The one modal of the app (Radix Dialog): overlay, a centred card, title and description. Loaded
// when a dialog is first opened (components/ui/dialog.tsx), never with the page.
"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { type DialogProps, OVERLAY, returnFocus } from "./dialog-parts";

// Classes are joined, not merged (no tailwind-merge on the pupil's pages): `className` adds, it
// never overrides what is here.
const widths = { sm: "inset-x-3 max-w-sm p-5", lg: "inset-x-2 flex max-h-[90dvh] max-w-2xl flex-col" };

export function DialogModal({
  open,
  onDismiss,
  title,
  description,
  hideDescription = false,
  descriptionClassName,
  size = "sm",
  className,
  titleClassName,
  children,
}: DialogProps) {
  const stay = (event: Event) => {
    if (!onDismiss) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onDismiss?.()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        <RadixDialog.Content
          onEscapeKeyDown={stay}
          onInteractOutside={stay}
          onCloseAutoFocus={returnFocus}
          className={clsx("fixed top-1/2 z-50 mx-auto -translate-y-1/2 rounded-xl bg-white shadow-xl", widths[size], className)}
        >
          <RadixDialog.Title className={clsx("text-lg font-semibold", titleClassName)}>{title}</RadixDialog.Title>
          <RadixDialog.Description className={hideDescription ? "sr-only" : clsx("mt-2", descriptionClassName)}>
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

// The one modal of the app (Radix Dialog): overlay, a centred card, title and description.
"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "./cn";

type Props = {
  open: boolean;
  /** Called with false when the person dismisses it; without it the modal cannot be dismissed. */
  onDismiss?: () => void;
  title: ReactNode;
  /** Read by screen readers; shown under the title unless `hideDescription`. */
  description: ReactNode;
  hideDescription?: boolean;
  descriptionClassName?: string;
  /** "sm" for a question, "lg" for a long text. */
  size?: "sm" | "lg";
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
};

const widths = { sm: "max-w-sm p-5", lg: "flex max-h-[90dvh] max-w-2xl flex-col" };

export function Dialog({
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
}: Props) {
  const stay = (event: Event) => {
    if (!onDismiss) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onDismiss?.()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/55" />
        <RadixDialog.Content
          onEscapeKeyDown={stay}
          onInteractOutside={stay}
          className={cn("fixed inset-x-3 top-1/2 z-50 mx-auto -translate-y-1/2 rounded-xl bg-white shadow-xl", widths[size], className)}
        >
          <RadixDialog.Title className={cn("text-lg font-semibold", titleClassName)}>{title}</RadixDialog.Title>
          <RadixDialog.Description className={hideDescription ? "sr-only" : cn("mt-2", descriptionClassName)}>
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

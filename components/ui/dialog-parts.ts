// What the dialog (dialog.tsx, loaded with the page) and its modal (dialog-modal.tsx, loaded when
// a dialog is first opened) both use: the props, the dimmed page, and where the focus returns.
// Loaded with the page, so the focus is remembered before any dialog's code has arrived.
import type { ReactNode } from "react";

export type DialogProps = {
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

/**
 * What was last focused or pressed outside any dialog: a dialog closing gives the focus back to it
 * (WCAG 2.4.3). Radix gives it to its trigger, and ours open from state, without one; a press
 * counts too, as Safari does not focus a button it clicks.
 */
let focusedOutside: HTMLElement | null = null;
const CONTROL = "button, a[href], input, select, textarea, [tabindex]";
if (typeof document !== "undefined") {
  const remember = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (control && !control.closest("[role=dialog]")) focusedOutside = control;
  };
  document.addEventListener("focusin", remember);
  document.addEventListener("pointerdown", remember);
}
export function returnFocus(event: Event): void {
  event.preventDefault();
  if (focusedOutside?.isConnected) focusedOutside.focus();
}

/** The dimmed page behind a dialog. */
export const OVERLAY = "fixed inset-0 z-40 bg-black/55";

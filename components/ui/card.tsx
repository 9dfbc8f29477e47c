// The white rounded surface every screen is built of: a page section, or a smaller panel. Its
// padding comes from `size` only, never from `className` (joined, not merged: no tailwind-merge
// in the pupil's pages, for the cheap phone's JavaScript budget).

import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

const sizes = {
  /** A page's own section: roomier on wider screens. */
  page: "rounded-2xl p-4 sm:p-6",
  /** A panel beside or inside a page (the question, the grid, a board tile). */
  panel: "rounded-xl p-4",
  /** The sign-in form's card: roomier still. */
  form: "rounded-2xl p-5 sm:p-7",
  /** Content that brings its own padding (the certificate's image). */
  bare: "rounded-2xl",
};

type Props = HTMLAttributes<HTMLElement> & { size?: keyof typeof sizes; as?: "div" | "section" | "aside" | "nav" | "article" };

export function Card({ size = "page", as: Tag = "div", className, ...props }: Props) {
  return <Tag className={clsx("bg-white shadow-sm ring-1 ring-slate-200", sizes[size], className)} {...props} />;
}

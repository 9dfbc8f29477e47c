// The white rounded surface every screen is built of: a page section, or a smaller panel.
import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const sizes = {
  /** A page's own section: roomier on wider screens. */
  page: "rounded-2xl p-4 sm:p-6",
  /** A panel beside or inside a page (the question, the grid, a board tile). */
  panel: "rounded-xl p-4",
};

type Props = HTMLAttributes<HTMLElement> & { size?: keyof typeof sizes; as?: "div" | "section" | "aside" | "nav" | "article" };

export function Card({ size = "page", as: Tag = "div", className, ...props }: Props) {
  return <Tag className={cn("bg-white shadow-sm ring-1 ring-slate-200", sizes[size], className)} {...props} />;
}

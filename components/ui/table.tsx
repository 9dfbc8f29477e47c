// Tables of the organiser's console: scroll sideways on a phone, zebra rows, sticky header.
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";

/**
 * A box that scrolls sideways on a phone (a table wider than the screen): a Tab stop, so a keyboard
 * scrolls it too (WCAG 2.1.1), with the page's focus ring (app/globals.css). Named (`label`, in the
 * words around it), it is a region a screen reader announces by that name at the stop.
 */
export function ScrollRegion({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const Box = label ? "section" : "div";
  return (
    <Box tabIndex={0} aria-label={label} className={cn("overflow-x-auto", className)}>
      {children}
    </Box>
  );
}

export function Table({ className, label, ...props }: HTMLAttributes<HTMLTableElement> & { label?: string }) {
  return (
    // relative: an sr-only (absolute) label in a cell stays inside the scroller, not widening the page.
    <ScrollRegion label={label} className="relative w-full rounded-xl ring-1 ring-slate-200">
      <table className={cn("w-full border-collapse bg-white text-left text-sm", className)} {...props} />
    </ScrollRegion>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("bg-slate-50 text-xs uppercase tracking-wide text-slate-600", className)} {...props} />;
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function TR({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("hover:bg-slate-50", className)} {...props} />;
}

export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("whitespace-nowrap px-3 py-2 font-semibold", className)} {...props} />;
}

export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-3 py-2 align-top", className)} {...props} />;
}

/** The one row of a table with nothing to list: what to say, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <TD colSpan={columns} className="py-6 text-center text-slate-500">
        {children}
      </TD>
    </tr>
  );
}

// A console page's title and one line on what it is for.
import type { ReactNode } from "react";

export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      </div>
      {children}
    </header>
  );
}

// A console page's title, one line on what it is for, its help (how to do the page's tasks,
// folded), and its actions beside the title, side by side (never squeezed into a column); above the
// title, the season switcher of a page whose lists are a season's. A server component.
import type { ReactNode } from "react";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { ConsoleSeason } from "@/lib/seasons/console-season";
import { SeasonSwitcher } from "./season-switcher";

type Props = { title: string; lead?: string; help?: readonly string[]; season?: ConsoleSeason; children?: ReactNode };

export async function PageHeader({ title, lead, help, season, children }: Props) {
  const common = (await getOrganiserMessages()).common;
  return (
    <header className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        {season && <SeasonSwitcher year={season.year} choices={season.choices} />}
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
        {help && (
          <details className="mt-1 text-sm text-slate-700" data-testid="page-help">
            <summary className="cursor-pointer font-medium text-primary-700">{common.help}</summary>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {help.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {/* At most three fifths of the width: more actions wrap onto another row, the title keeps its room. */}
      {children && <div className="flex shrink-0 flex-wrap items-center gap-2 sm:max-w-[60%] sm:justify-end">{children}</div>}
    </header>
  );
}

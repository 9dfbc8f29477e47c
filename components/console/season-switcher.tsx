// The console's season switcher, in every console page's header: the lists, counts and exports
// below it are that season's. The choice is kept in the console's cookie and the page read again (on
// a test's own page, the same page of that season's test: the choice's href).
"use client";

import { useRouter } from "next/navigation";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { CONSOLE_SEASON_COOKIE, type SeasonChoice } from "@/shared/seasons/console";

export function SeasonSwitcher({ year, choices }: { year: number; choices: SeasonChoice[] }) {
  const texts = useOrganiserMessages().seasons;
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700" data-testid="season-switcher">
      <span className="font-medium">{texts.switcher}</span>
      <select
        className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        value={year}
        onChange={(event) => {
          document.cookie = `${CONSOLE_SEASON_COOKIE}=${event.target.value}; path=/; max-age=${180 * 86_400}; samesite=lax`;
          const href = choices.find((choice) => String(choice.year) === event.target.value)?.href;
          if (href) router.push(href);
          else router.refresh();
        }}
      >
        {choices.map((choice) => (
          <option key={choice.seasonId} value={choice.year}>
            {choice.title === String(choice.year) ? choice.year : `${choice.year} · ${choice.title}`}
          </option>
        ))}
      </select>
    </label>
  );
}

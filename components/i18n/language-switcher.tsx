// The language switcher in every page's header: O'zbekcha · Ўзбекча · Русский, each named in
// itself. A link to the same page with `?lang=`, loaded whole (middleware.ts remembers the choice
// in a cookie and the page renders in it), so it works before the page's script has run.
"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { LOCALE_NAMES, LOCALE_SHORT_NAMES, LOCALES } from "@/shared/i18n/locale.mjs";
import { useLocale, useMessages } from "./messages";

/**
 * `compact`: each language by the start of its name (a phone's top bar), its whole name for a
 * screen reader; what is seen is the start of what is spoken (WCAG 2.5.3).
 */
export function LanguageSwitcher({ tone = "light", compact = false }: { tone?: "light" | "dark"; compact?: boolean }) {
  const messages = useMessages();
  const current = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const hrefOf = (locale: string) => {
    const query = new URLSearchParams(search);
    query.set("lang", locale);
    return `${pathname}?${query}`;
  };
  const idle = tone === "dark" ? "text-slate-300 hover:text-white" : "text-slate-600 hover:text-primary-700";
  const active = tone === "dark" ? "bg-white/10 text-white" : "bg-primary-50 text-primary-800";
  return (
    <nav aria-label={messages.language.label} data-testid="language-switcher">
      <ul className={`flex flex-wrap items-center text-sm ${compact ? "gap-0.5" : "gap-1"}`}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={hrefOf(locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className={`inline-flex min-h-8 items-center rounded-md font-medium ${compact ? "px-1.5" : "px-2"} ${locale === current ? active : idle}`}
            >
              {compact ? (
                <>
                  <span aria-hidden>{LOCALE_SHORT_NAMES[locale]}</span>
                  <span className="sr-only">{LOCALE_NAMES[locale]}</span>
                </>
              ) : (
                LOCALE_NAMES[locale]
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The results page's downloads: each list as XLSX or CSV, in the language the organiser picks for
// the file (the page's own until changed). Every language's file of a list carries the same hash.
"use client";

import { useState } from "react";
import { LanguageOptions } from "@/components/i18n/language-options";
import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Field, Select } from "@/components/ui/field";
import { asLocale, type Locale } from "@/shared/i18n/locale.mjs";

const exportHref = (query: Record<string, string | number | undefined>) =>
  `/api/admin/results/export?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()}`;

function Links({ label, testId, scope, lang }: { label: string; testId?: number; scope: string; lang: Locale }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="min-w-0 flex-1 text-sm text-slate-700">{label}</span>
      {(["xlsx", "csv"] as const).map((format) => (
        <a
          key={format}
          href={exportHref({ testId, format, scope, lang })}
          download
          data-testid={`export-${scope}-${format}${testId ? "" : "-everything"}`}
          className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold uppercase text-primary-700 hover:bg-slate-50"
        >
          {format}
        </a>
      ))}
    </li>
  );
}

export function ExportLinks({ testId }: { testId: number }) {
  const texts = useOrganiserMessages().results;
  const [lang, setLang] = useState<Locale>(useLocale());
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-3" aria-labelledby="exports-title">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
        <h2 id="exports-title" className="text-sm font-semibold text-slate-900">
          {texts.exports}
        </h2>
        <Field id="export-language" label={texts.exportLanguage}>
          <Select
            id="export-language"
            value={lang}
            onChange={(event) => setLang(asLocale(event.target.value) ?? lang)}
            className="min-h-9 py-1 text-sm"
            data-testid="export-language"
          >
            <LanguageOptions />
          </Select>
        </Field>
      </div>
      <ul className="flex flex-col gap-2">
        <Links label={texts.exportTop} testId={testId} scope="top5" lang={lang} />
        <Links label={texts.exportAll} testId={testId} scope="all" lang={lang} />
        <Links label={texts.exportSummary} testId={testId} scope="summary" lang={lang} />
        <Links label={texts.exportEverything} scope="top5" lang={lang} />
      </ul>
      <p className="mt-2 text-xs text-slate-500">{texts.exportHint}</p>
    </section>
  );
}

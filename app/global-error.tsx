// The last resort: the root layout itself failed, so the page's messages (which it carries) are
// not there. The few words it needs come in all three languages (shared/i18n/last-resort.json).
"use client";

import { Button } from "@/components/ui/button";
import { Result } from "@/components/ui/result";
import words from "@/shared/i18n/last-resort.json";
import { LOCALES } from "@/shared/i18n/locale.mjs";
import "./globals.css";

export default function GlobalError() {
  return (
    <html lang="uz">
      <body>
        <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
          <Result
            status="error"
            title={words.uz.banner}
            subTitle={LOCALES.map((locale) => (
              <span key={locale} lang={locale} className="block">
                {words[locale].description}
              </span>
            ))}
            extra={<Button onClick={() => window.location.reload()}>{LOCALES.map((locale) => words[locale].reload).join(" · ")}</Button>}
          />
        </main>
      </body>
    </html>
  );
}

// A public page's frame (the parent's registration, the certificate's check, a final list's check):
// the language switcher, the camp's name and the page's title above what it holds.
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { getMessages } from "@/lib/i18n/server";

/** `narrow`: a form's width (the registration) rather than a table's. */
const WIDTH = { narrow: "max-w-2xl", wide: "max-w-3xl" } as const;

export async function PublicFrame({ title, width = "wide", children }: { title: string; width?: keyof typeof WIDTH; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <main className={`mx-auto flex min-h-dvh ${WIDTH[width]} flex-col px-3 py-6 sm:px-6 sm:py-10`}>
      <header className="mb-5 text-center">
        <div className="mb-3 flex justify-end">
          <LanguageSwitcher />
        </div>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary-700">{messages.app.title}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
      </header>
      {children}
    </main>
  );
}

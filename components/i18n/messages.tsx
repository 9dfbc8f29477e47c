// The page's messages on the client, compiled here once: in the browser from the locale's script
// (lib/i18n/catalogues.ts, loaded before the page hydrates: only that locale's, cached for good);
// in the server's render from the catalogues that module registers. Components read them with
// useMessages(); code outside React in the browser (a failed call's words, a schema's errors) with
// messagesNow() (shared/i18n/said.ts).
"use client";

import { createContext, type ReactNode, use } from "react";
import type { BusyTexts } from "@/lib/i18n/catalogues";
import { compile } from "@/shared/i18n/format";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { localName } from "@/shared/i18n/names";
import { setMessagesSource } from "@/shared/i18n/said";
import type { Catalogue, Messages } from "@/shared/i18n/types";
import type { uz } from "@/shared/i18n/uz";

type PageMessages = { locale: Locale; messages: Messages; busy: BusyTexts };

const MessagesContext = createContext<PageMessages | null>(null);

type PageCatalogue = { catalogue: Catalogue; busy: BusyTexts };
type WithCatalogues = { olimpiadaCatalogue?: PageCatalogue; olimpiadaCatalogues?: Record<Locale, PageCatalogue> };

let loading: Promise<void> | null = null;

/** The messages' script, where the page did not run it before hydrating (Next leaves it out of a 404's HTML). */
function loadScript(src: string): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    // Named as a failed chunk: the page reloads once (components/ui/chunk-reload.ts) to fetch it again.
    script.onerror = () => reject(new Error(`ChunkLoadError: ${src} did not load`));
    document.head.appendChild(script);
  });
  return loading;
}

function pageCatalogue(locale: Locale): PageCatalogue {
  const scope = globalThis as WithCatalogues;
  const found = typeof window === "undefined" ? scope.olimpiadaCatalogues?.[locale] : scope.olimpiadaCatalogue;
  if (!found) throw new Error(`ChunkLoadError: the ${locale} messages did not load`);
  return found;
}

/** Compiled once per locale and process (the server renders every page with these). */
const compiled = new Map<Locale, PageMessages>();

function pageMessages(locale: Locale): PageMessages {
  let value = compiled.get(locale);
  if (!value) {
    const { catalogue, busy } = pageCatalogue(locale);
    value = { locale, messages: compile<typeof uz>(locale, catalogue), busy };
    compiled.set(locale, value);
  }
  return value;
}

/** `src`: the locale's messages script (lib/i18n/catalogues.ts). */
export function MessagesProvider({ locale, src, children }: { locale: Locale; src: string; children: ReactNode }) {
  // Hydration waits (the server's HTML stays) until the script has run.
  if (typeof window !== "undefined" && !(globalThis as WithCatalogues).olimpiadaCatalogue) use(loadScript(src));
  const value = pageMessages(locale);
  // The browser shows one locale per page load (the switcher loads the page again).
  if (typeof window !== "undefined") setMessagesSource(() => value.messages);
  return <MessagesContext value={value}>{children}</MessagesContext>;
}

function usePageMessages(): PageMessages {
  const value = use(MessagesContext);
  if (!value) throw new Error("useMessages outside MessagesProvider");
  return value;
}

export const useMessages = (): Messages => usePageMessages().messages;
export const useLocale = (): Locale => usePageMessages().locale;
export const useBusyTexts = (): BusyTexts => usePageMessages().busy;

/** A name from the database (region, district, school, subject) in the page's language. */
export function useLocalName(): (name: string) => string {
  const { messages, locale } = usePageMessages();
  return (name) => localName(messages, locale, name);
}

// Every locale's messages, for the server: a page renders with its visitor's, and hands its
// client components only those (components/i18n/messages.tsx); client code never imports this.
import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import { compiledPerLocale } from "@/shared/i18n/format";
import { LOCALES, type Locale } from "@/shared/i18n/locale.mjs";
import type { Catalogue, Messages } from "@/shared/i18n/types";
import { uz } from "@/shared/i18n/uz";
import { ru } from "./ru";
import ruBusy from "./ru-busy.json";
import { ruOffer } from "./ru-offer";
import uzBusy from "./uz-busy.json";
import { uzCyrl } from "./uz-Cyrl";
import uzCyrlBusy from "./uz-Cyrl-busy.json";
import { uzCyrlOffer } from "./uz-Cyrl-offer";
import { type OfferSection, uzOffer } from "./uz-offer";

const catalogues: Record<Locale, Catalogue> = { uz, "uz-Cyrl": uzCyrl, ru };

/** The locale's messages, compiled once. */
export const messagesOf: (locale: Locale) => Messages = compiledPerLocale<typeof uz>(catalogues);

const offers: Record<Locale, readonly OfferSection[]> = { uz: uzOffer, "uz-Cyrl": uzCyrlOffer, ru: ruOffer };
export const offerOf = (locale: Locale) => offers[locale];

/** The queue's texts, as the front door reads them (plain JSON with {placeholders}). */
export type BusyTexts = typeof uzBusy;
const busyTexts: Record<Locale, BusyTexts> = { uz: uzBusy, "uz-Cyrl": uzCyrlBusy, ru: ruBusy };

/** What a page's client components need of its locale: the catalogue and the queue's texts. */
export type PageCatalogue = { catalogue: Catalogue; busy: BusyTexts };
const pageCatalogues = Object.fromEntries(
  LOCALES.map((locale) => [locale, { catalogue: catalogues[locale], busy: busyTexts[locale] }]),
) as Record<Locale, PageCatalogue>;

// The server's render of client components reads them from here (components/i18n/messages.tsx):
// the same data the browser gets from the script below, never sent inside a page.
(globalThis as { olimpiadaCatalogues?: Record<Locale, PageCatalogue> }).olimpiadaCatalogues = pageCatalogues;

/**
 * A locale's messages as a script the browser caches for good (its name carries its content's
 * hash): set before the page hydrates (app/layout.tsx), so no page carries them in its HTML and a
 * pupil's phone downloads them once, not with every page. The build writes them to .build/i18n
 * (scripts/i18n-assets.ts), from where server/main.mjs sends them (brotli, or as they are); without
 * a build (next dev) app/i18n/[file]/route.ts serves the same bytes.
 */
export const messagesScripts = LOCALES.map((locale) => {
  // The compile hint every script a page starts with carries (next.config.ts).
  const body = `//# allFunctionsCalledOnLoad\nself.olimpiadaCatalogue=${JSON.stringify(pageCatalogues[locale])};`;
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
  return { locale, name: `${locale}.${hash}.js`, body };
});

/** Where the build puts them (our build's folder, beside Next's .next/), served at /i18n/<name>. */
export const BUILT_MESSAGES_DIR = path.join(process.cwd(), ".build", "i18n");

const paths = new Map(messagesScripts.map(({ locale, name }) => [locale, `/i18n/${name}`]));

export const messagesScriptPath = (locale: Locale) => paths.get(locale) ?? "";

/** The script named so, if it is one of these. */
export const messagesScriptNamed = (name: string) => messagesScripts.find((script) => script.name === name)?.body ?? null;

// The organiser's console's messages, for the server: its pages render with the visitor's locale
// and hand the console's client components only that catalogue (components/i18n/organiser-messages.tsx,
// mounted by app/admin/layout.tsx); the pupil's pages never carry them. Client code never imports this.
import "server-only";
import type { Metadata } from "next";
import { compiledPerLocale } from "@/shared/i18n/format";
import type { Locale } from "@/shared/i18n/locale.mjs";
import type { OrganiserCatalogue, OrganiserMessages } from "@/shared/i18n/types";
import { uzOrganiser } from "@/shared/i18n/uz-organiser";
import { ruOrganiser } from "./ru-organiser";
import { callLocaleNow, getLocale, getLocalName, getMessages } from "./server";
import { uzCyrlOrganiser } from "./uz-Cyrl-organiser";

// The types live beside the pupil's (./types.ts), where shared/i18n/said.ts reads them without
// reaching this module; the console's code names them from here as well.
export type { OrganiserCatalogue, OrganiserMessages };

const catalogues: Record<Locale, OrganiserCatalogue> = { uz: uzOrganiser, "uz-Cyrl": uzCyrlOrganiser, ru: ruOrganiser };

/** The locale's console catalogue as data: what the console's layout hands its client components. */
export const organiserCatalogueOf = (locale: Locale): OrganiserCatalogue => catalogues[locale];

/** The locale's console messages, compiled once. */
export const organiserMessagesOf: (locale: Locale) => OrganiserMessages = compiledPerLocale<typeof uzOrganiser>(catalogues);

/** The page's console messages, for server components. */
export const getOrganiserMessages = async (): Promise<OrganiserMessages> => organiserMessagesOf(await getLocale());

/** A console page's generateMetadata: its title, picked from the console's messages in the page's locale. */
export const consoleTitle = (title: (messages: OrganiserMessages) => string) => async (): Promise<Metadata> => ({
  title: title(await getOrganiserMessages()),
});

/** What a console page says with: its console messages, the pupil's messages, local names and the locale. */
export async function consolePageWords() {
  const [organiserMessages, messages, local, locale] = await Promise.all([
    getOrganiserMessages(),
    getMessages(),
    getLocalName(),
    getLocale(),
  ]);
  return { organiserMessages, messages, local, locale };
}

/** The API call's console messages (Uzbek outside a call: jobs, scripts, tests). */
export const callOrganiserMessages = (): OrganiserMessages => organiserMessagesOf(callLocaleNow());

// The organiser's console's messages, for the server: its pages render with the visitor's locale
// and hand the console's client components only that catalogue (components/i18n/organiser-messages.tsx,
// mounted by app/admin/layout.tsx); the pupil's pages never carry them. Client code never imports this.
import "server-only";
import { type Compiled, compiledPerLocale, type Shape } from "./format";
import type { Locale } from "./locale.mjs";
import { ruOrganiser } from "./ru-organiser";
import { callLocaleNow, getLocale } from "./server";
import { uzCyrlOrganiser } from "./uz-Cyrl-organiser";
import { uzOrganiser } from "./uz-organiser";

/** What every locale writes for the console (the Uzbek catalogue's keys). */
export type OrganiserCatalogue = Shape<typeof uzOrganiser>;
/** What the console's components call. */
export type OrganiserMessages = Compiled<typeof uzOrganiser>;

const catalogues: Record<Locale, OrganiserCatalogue> = { uz: uzOrganiser, "uz-Cyrl": uzCyrlOrganiser, ru: ruOrganiser };

/** The locale's console catalogue as data: what the console's layout hands its client components. */
export const organiserCatalogueOf = (locale: Locale): OrganiserCatalogue => catalogues[locale];

/** The locale's console messages, compiled once. */
export const organiserMessagesOf: (locale: Locale) => OrganiserMessages = compiledPerLocale<typeof uzOrganiser>(catalogues);

/** The page's console messages, for server components. */
export const getOrganiserMessages = async (): Promise<OrganiserMessages> => organiserMessagesOf(await getLocale());

/** The API call's console messages (Uzbek outside a call: jobs, scripts, tests). */
export const callOrganiserMessages = (): OrganiserMessages => organiserMessagesOf(callLocaleNow());

// Small phrases of the console made of its messages and values, the same wherever they are shown
// (server pages and client components alike: nothing here is server-only).
import type { OrganiserMessages } from "@/lib/i18n/organiser";

/** "1 250 000 so'm": the sum with its thousands apart by spaces, in every locale. */
export const som = (t: OrganiserMessages, amount: number): string =>
  t.registrations.som({ amount: amount.toLocaleString("ru-RU").replace(/\u00a0/g, " ") });

/** A message map's word for a key read from data (a status, an audit detail); undefined for an unknown key. */
export const wordOf = (map: object, key: PropertyKey): string | undefined => (map as Record<PropertyKey, string | undefined>)[key];

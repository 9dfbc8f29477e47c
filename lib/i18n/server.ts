// The locale of what the server is answering. A page's comes from middleware.ts (the `?lang=`
// link, the cookie or Accept-Language) as a request header; an API call's from its cookie and
// Accept-Language, held for the call's duration so that an error made anywhere in it is worded
// in the caller's language (codes and the body's shape never change).
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { currentRequest, withRequest } from "@/lib/log.mjs";
import { asLocale, DEFAULT_LOCALE, type Locale } from "@/shared/i18n/locale.mjs";
import { localName } from "@/shared/i18n/names";
import { messagesOf } from "./catalogues";
import { requestLocale } from "./negotiate.mjs";

/** The request header middleware.ts sets to the page's locale. */
export const LOCALE_HEADER = "x-locale";

/**
 * Runs an API call in its caller's language. The locale is kept in the request's own context
 * (lib/log.mjs), not in a storage of its own: each AsyncLocalStorage in use costs every promise of
 * every request a little (one more measured about 6 % of a cheap request's throughput here).
 */
export function inLocaleOf<T>(request: { headers: Headers }, call: () => T): T {
  const locale = requestLocale(request.headers);
  const context = currentRequest();
  if (!context) return withRequest({ requestId: "", locale }, call);
  context.locale = locale;
  return call();
}

/** The API call's locale (Uzbek outside a call: jobs, scripts). */
export const callLocaleNow = (): Locale => currentRequest()?.locale ?? DEFAULT_LOCALE;

/** The API call's messages: its errors' `message`. */
export const callMessages = () => messagesOf(callLocaleNow());

/** The page's locale, once per render. */
export const getLocale = cache(async (): Promise<Locale> => {
  const all = await headers();
  return asLocale(all.get(LOCALE_HEADER)) ?? requestLocale(all);
});

/** The page's messages, for server components. */
export const getMessages = async () => messagesOf(await getLocale());

/** Names from the database in a language (shared/i18n/names.ts): an API answer's, an export's. */
export function localNameIn(locale: Locale): (name: string) => string {
  const messages = messagesOf(locale);
  return (name) => localName(messages, locale, name);
}

/** A name from the database in the page's language, for server components. */
export async function getLocalName(): Promise<(name: string) => string> {
  return localNameIn(await getLocale());
}

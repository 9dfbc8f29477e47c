export type Locale = "uz" | "uz-Cyrl" | "ru";
export const LOCALES: readonly Locale[];
export const DEFAULT_LOCALE: Locale;
export const LOCALE_COOKIE: string;
export const LOCALE_COOKIE_MAX_AGE: number;
export const LOCALE_NAMES: Record<Locale, string>;
export const LOCALE_SHORT_NAMES: Record<Locale, string>;
export function asLocale(value: unknown): Locale | null;

import type { Locale } from "./locale.mjs";

export function resolveLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale;
export function requestLocale(headers: { get(name: string): string | null }): Locale;
export function preferredEncoding<E extends string>(acceptEncoding: string | null, available: E[]): E | "identity";

// Messages are data: strings with {placeholders} and plural forms, so that a page
// can be handed its own locale's texts as JSON (a server component passes them to the client)
// and no page ships the other languages. `compile` turns them into what components call:
// a string stays a string, a template becomes a function of its named values.
import { fill } from "./fill.mjs";
import type { Locale } from "./locale.mjs";

/**
 * A count's forms by the locale's plural rules (Intl.PluralRules): Russian uses one/few/many.
 * `zero` is for a count of exactly 0, in any locale ("Идущих попыток нет", not "0 идущих попыток"):
 * none of these locales has a plural category of that name, so it never clashes with one.
 */
export type Plural = { zero?: string; one?: string; few?: string; many?: string; other: string };

/** The names of a template's {placeholders}. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** What a locale must write for a message the Uzbek catalogue writes as `T`: the same keys, and a
 *  template (or the Uzbek text's own plural forms) may become plural forms. The type system
 *  refuses a locale that lacks a key. */
export type Shape<T> = T extends string
  ? [Placeholders<T>] extends [never]
    ? string
    : string | Plural
  : T extends readonly string[]
    ? readonly string[]
    : T extends { readonly other: string }
      ? string | Plural
      : { readonly [K in keyof T]: Shape<T[K]> };

/** What a component calls: a template's function takes exactly the values the Uzbek text names
 *  (in its `other` form when it writes plural forms). */
export type Compiled<T> = T extends string
  ? [Placeholders<T>] extends [never]
    ? string
    : (values: { [Name in Placeholders<T>]: string | number }) => string
  : T extends readonly string[]
    ? readonly string[]
    : T extends { readonly other: infer Other extends string }
      ? (values: { [Name in Placeholders<Other>]: string | number }) => string
      : { readonly [K in keyof T]: Compiled<T[K]> };

export { fill };

const PLACEHOLDER = /\{(\w+)\}/g;

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralRulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function isPlural(value: unknown): value is Plural {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Plural).other === "string";
}

function compileValue(locale: Locale, value: unknown): unknown {
  if (typeof value === "string") {
    PLACEHOLDER.lastIndex = 0;
    return PLACEHOLDER.test(value) ? (values: Record<string, string | number>) => fill(value, values) : value;
  }
  if (Array.isArray(value)) return value;
  if (isPlural(value)) {
    return (values: Record<string, string | number>) => {
      const count = Number(values.count);
      const form = count === 0 && value.zero !== undefined ? "zero" : (pluralRulesOf(locale).select(count) as keyof Plural);
      return fill(value[form] ?? value.other, values);
    };
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, compileValue(locale, inner)]));
  }
  return value;
}

/** A catalogue as components use it. Plural forms choose by the value named `count`. */
export function compile<T>(locale: Locale, catalogue: Shape<T>): Compiled<T> {
  return compileValue(locale, catalogue) as Compiled<T>;
}

/** Each locale's catalogue, compiled once, on first use. */
export function compiledPerLocale<T>(catalogues: Record<Locale, Shape<T>>): (locale: Locale) => Compiled<T> {
  const compiled = new Map<Locale, Compiled<T>>();
  return (locale) => {
    let messages = compiled.get(locale);
    if (!messages) {
      messages = compile<T>(locale, catalogues[locale]);
      compiled.set(locale, messages);
    }
    return messages;
  };
}

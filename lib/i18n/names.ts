// Names from the database (regions, districts, schools, subjects) in the page's language: the
// catalogue's own name where it has one (Russian names of regions and subjects), else as stored in
// Uzbek Latin, transliterated on a Cyrillic page. A pupil's own name is never changed: it is
// printed as the family wrote it.
import type { Locale } from "./locale.mjs";
import { toCyrillic } from "./transliterate";
import type { Messages } from "./types";

export function localName(m: Messages, locale: Locale, name: string): string {
  return m.names[name] ?? (locale === "uz" ? name : toCyrillic(name));
}

// The interface languages as a select's options, each named in itself (and marked so for a reader).
import { LOCALE_NAMES, LOCALES } from "@/shared/i18n/locale.mjs";

export function LanguageOptions() {
  return LOCALES.map((locale) => (
    <option key={locale} value={locale} lang={locale}>
      {LOCALE_NAMES[locale]}
    </option>
  ));
}

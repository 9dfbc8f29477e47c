// The regions' and districts' Russian names for the ru catalogue's `names`: kept by SOATO code
// (db/seed/ru-names.json), looked up by the Uzbek name the database stores each under, which
// follows db/seed/uz-regions-districts.json by the same code. Not marked server-only: ru.ts uses it,
// and the journeys' tests read ru.ts in plain Node.
import russian from "@/db/seed/ru-names.json";
import places from "@/db/seed/uz-regions-districts.json";

const bySoato: Readonly<Record<string, string>> = { ...russian.regions, ...russian.districts };

/** Uzbek name → Russian name; a place the file does not name is left out (names.ts transliterates it). */
export const russianPlaceNames: Readonly<Record<string, string>> = Object.fromEntries(
  [...places.regions, ...places.districts].flatMap(({ soato, name }) => {
    const inRussian = bySoato[String(soato)];
    return inRussian ? [[name, inRussian]] : [];
  }),
);

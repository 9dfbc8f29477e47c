// The shapes of hand-written statements' rows: selectRows (./client.ts) parses every row with one,
// so a column the SQL names differently, or a value one driver gives in another type (a count not
// cast to int), fails loudly at the read instead of showing as a wrong page.
import { z } from "zod";
import { STUDY_LANGUAGES, type StudyLanguage } from "@/shared/attempts/enums";

/** A timestamptz as a hand-written statement gives it on either driver: its text (drizzle leaves it unparsed). */
export const when = z.string();

/** A json value the statement builds (an object or an array): its shape is the SQL's own. */
export const built = <T>() => z.custom<T>((value) => typeof value === "object" && value !== null);

export const studyLanguage = z.custom<StudyLanguage>((value) => STUDY_LANGUAGES.includes(value as StudyLanguage));

/** A row with one integer `id`. */
export const idRow = z.object({ id: z.number() });

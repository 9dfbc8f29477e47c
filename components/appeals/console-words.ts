// The appeals pages' small phrases, the same on the server's pages and in the client's forms
// (nothing here is server-only): a choice's letter and the list's state line.
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { ListState } from "@/shared/appeals/schema";
import { formatTashkent } from "@/shared/time";

/**
 * A choice's letter in the bank's order (A = the first written). Each pupil saw the choices
 * shuffled, so a pupil's "B" is another letter here: each appeal shows the pupil's own letters.
 */
export const choiceLetter = (index: number): string => String.fromCharCode(65 + index);

/** What the list's state line needs: where it stands, since when (ISO or Date), and its final version. */
export type StateLine = { state: ListState; since: Date | string; final: { version: number } | null };

/** "Dastlabki ro'yxat (… dan)" or "Yakuniy ro'yxat (… dan), 2-versiya". */
export function listStateLine(texts: OrganiserMessages["appeals"], { state, since, final }: StateLine): string {
  const time = formatTashkent(new Date(since).toISOString());
  return state === "final" && final ? texts.final({ time, version: final.version }) : texts.provisional({ time });
}

// A public page asks to be kept (lib/kept-pages.mjs): called while it renders, with the pupils
// whose data it shows and until when it holds. Only a page that reads nothing of the visitor's
// session may ask: the copy is served to every visitor of the address in the same language.
import "server-only";
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { headers } from "next/headers";
import { markKeepable } from "@/lib/kept-pages.mjs";
import { TASHKENT_TIME_ZONE } from "@/shared/time";

/**
 * `userIds`, `testIds`: whose data and which tests' it shows (a change of one drops it:
 * "user:<id>", "test:<id>"); `until`: when it stops holding (null: until a change).
 */
export async function keepThisPage({
  userIds = [],
  testIds = [],
  until = null,
}: {
  userIds?: number[];
  testIds?: number[];
  until?: Date | null;
}): Promise<void> {
  const requestId = (await headers()).get("x-request-id");
  if (!requestId) return;
  const tags = [...userIds.map((id) => `user:${id}`), ...testIds.map((id) => `test:${id}`)];
  markKeepable(requestId, { tags, until: until?.getTime() ?? null });
}

/** The next midnight in Tashkent: what shows "today" holds until then. */
export const nextTashkentMidnight = (now: Date) => new Date(startOfDay(addDays(new TZDate(now, TASHKENT_TIME_ZONE), 1)).getTime());

/** The earlier of two ends (null: none). */
export const earlier = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a < b ? a : b);

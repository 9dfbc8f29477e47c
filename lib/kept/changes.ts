// Every process hears what the database says changed (the triggers of db/migrations/0034_kept_pages.sql
// notify "olimpiada_kept" in the transaction of the change, so the word goes out when it commits)
// and drops the kept pages that show it. A process keeps nothing until it hears, and drops every
// copy each time its listening connection is made again (what changed while it was away is not told).
import "server-only";
import { databaseHandle } from "@/lib/db/client";
import { dropKept, setHearing } from "@/lib/kept-pages.mjs";
import { errorText, log } from "@/lib/log.mjs";

/** The triggers' channel; a payload is one tag: "all", "user:<id>" or "test:<id>". */
export const KEPT_CHANNEL = "olimpiada_kept";

/** Starts hearing the database's changes (at start, before the first page is kept). */
export function hearKeptChanges(): void {
  const { listen } = databaseHandle();
  listen(
    KEPT_CHANNEL,
    (payload) => dropKept(payload.split(" ")),
    () => setHearing(true),
  ).catch((error) => {
    setHearing(false);
    log().error({ err: errorText(error) }, "cannot LISTEN for the database's changes: no page is kept");
  });
}

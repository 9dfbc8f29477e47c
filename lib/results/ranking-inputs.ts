// What a test's second-stage list is ranked from: every column the ranking's statement reads
// (lib/results/ranking-sql.ts rankingStatement), table by table, each either watched (its change
// outdates a kept list: published_rankings, lib/results/published.ts) or not, with why not.
// tests/unit/ranking-inputs.test.ts holds it to the triggers and the statement:
// docs/console.md#the-published-state-and-the-kept-list

/** A key: the row's identity, never changed. */
const KEY = "the row's key, never changed";
/** Shown beside an id in the list the page reads, not kept: the kept list holds ids (tables.ts topData). */
const SHOWN = "shown beside its id, not kept";

export type RankingInput = {
  /** The columns whose update outdates the kept lists of the tests it touches; "every column": any update. */
  watched: readonly string[] | "every column";
  /** A row added (INSERT) or removed (DELETE) outdates them too. */
  rows?: readonly ("INSERT" | "DELETE")[];
  /** Columns read that outdate nothing, each with why. */
  unwatched?: Readonly<Record<string, string>>;
};

export const RANKING_INPUTS: Readonly<Record<string, RankingInput>> = {
  // Scores, times, the language, resets and voiding; removal (an erasure). An attempt that ends needs
  // nothing: the kept list records how many had ended, and a reader that counts more ranks again.
  attempts: { watched: "every column", rows: ["DELETE"] },
  users: {
    watched: ["blocked_at", "district_id", "first_name", "last_name", "middle_name", "organization_id", "phone_number", "region_id"],
    unwatched: { id: KEY, username: SHOWN },
  },
  // A registration's place is the pupil's in the ranking.
  registrations: { watched: ["district_id", "organization_id", "region_id", "user_id"], rows: ["INSERT", "DELETE"] },
  subjects: { watched: ["grade", "rehearsal"], unwatched: { id: KEY, name: SHOWN } },
  tests: { watched: ["subject_id"], unwatched: { id: KEY } },
  regions: { watched: [], unwatched: { id: KEY, name: SHOWN } },
  districts: { watched: [], unwatched: { id: KEY, name: SHOWN } },
  organizations: { watched: [], unwatched: { id: KEY, name: SHOWN } },
};

// A long list's first items, and the rest on asking: a page that draws every subject (the board,
// the tests) stays the size of a real olympiad's, some thirty subjects, however many a database
// holds. "All" is in the address (`?all=1`, lib/validation/queries.ts allQuery; show-all.tsx links to it), so a reload keeps it.

/** Items drawn until all are asked for: a whole olympiad's subjects (grades 5–9, a few subjects each). */
export const FIRST_SHOWN = 48;

/** The items to draw: all of them when asked for, else the first FIRST_SHOWN. */
export const firstOf = <T>(items: T[], all: boolean): T[] => (all ? items : items.slice(0, FIRST_SHOWN));

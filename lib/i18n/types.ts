// The messages' types: what every locale writes (Catalogue) and what components call (Messages).
import type { Compiled, Shape } from "./format";
import type { uz } from "./uz";
import type busy from "./uz-busy.json";

export type Catalogue = Shape<typeof uz>;
export type Messages = Compiled<typeof uz>;
/** The queue's texts, as server.mjs reads them (plain JSON with {placeholders}). */
export type BusyTexts = typeof busy;

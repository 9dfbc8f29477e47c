// The messages' types: what every locale writes (Catalogue) and what components call (Messages),
// for the pupil's pages and for the organiser's console. The Uzbek catalogues define them.
import type { Compiled, Shape } from "./format";
import type { uz } from "./uz";
import type { uzOrganiser } from "./uz-organiser";

export type Catalogue = Shape<typeof uz>;
export type Messages = Compiled<typeof uz>;

/** What every locale writes for the console (the Uzbek catalogue's keys). */
export type OrganiserCatalogue = Shape<typeof uzOrganiser>;
/** What the console's components call. */
export type OrganiserMessages = Compiled<typeof uzOrganiser>;

// Appeals are written a few times by each pupil (one per question, edited in place): a script
// that posts them in a loop is held to these, per pupil or registration, and per address for the
// parent's public link; a school's or a carrier's shared address stays far below the outer bound.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

/** Appeals written for one pupil (their session, or their registration's link) in 10 minutes. */
export const appealWrites = createLimiter("appeal-writes", { points: 60, durationSeconds: 10 * 60 });
/** Every appeal written through registration links from one address in 10 minutes. */
export const appealWritesPerAddress = createLimiter("appeal-writes-address", { points: 3_000, durationSeconds: 10 * 60 });

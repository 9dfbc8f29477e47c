// Registration/Register. A parent edits one registration (its guid) a few times; thousands of
// parents sit behind a mobile carrier's few addresses in the registration weeks, so the address
// is only an outer bound on a script filling the table with fake pupils.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

/** Valid submissions of one registration (its guid). */
export const registrationEdits = createLimiter("registration-edits", { points: 20, durationSeconds: 10 * 60 });
/**
 * New registrations (a guid never seen) from one address in 10 minutes: each adds a pupil to the
 * table, so a script on one address is held to this many, well above a carrier's busiest address
 * (300 parents in a few minutes are served, tests/api/registration.spec.ts); edits are not counted.
 */
export const NEW_REGISTRATIONS_PER_ADDRESS = 600;
export const registrationsCreated = createLimiter("registrations-created", {
  points: NEW_REGISTRATIONS_PER_ADDRESS,
  durationSeconds: 10 * 60,
});
/** Every submission from one address, valid or not. */
export const registrationSubmissions = createLimiter("registration-submissions", { points: 3_000, durationSeconds: 10 * 60 });

// Registration/Register from one address: a family, or a school's computer room registering a
// class, stays well inside it; a script filling the table with fake pupils does not.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

export const registrationSubmissions = createLimiter("registration-submissions", { points: 30, durationSeconds: 10 * 60 });

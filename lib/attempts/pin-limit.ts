// PIN entries per pupil: enough for typos, far too few to guess a PIN.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

export const pinAttempts = createLimiter("pin-attempts", { points: 10, durationSeconds: 5 * 60 });

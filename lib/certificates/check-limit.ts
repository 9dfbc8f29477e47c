// Certificates/Check answers with a child's name: per address, a person's pace, not a crawler's.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

export const certificateChecks = createLimiter("certificate-checks", { points: 30, durationSeconds: 60 });

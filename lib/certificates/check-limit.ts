// Limits on certificates. A lookup that finds a certificate is someone with a link: a school
// checking its class from one address must not be refused. What harvesting names costs is the
// lookups that find nothing, so those are counted per address; every lookup only under a much
// higher outer bound. A download is counted per pupil.
import "server-only";
import { createLimiter } from "@/lib/http/rate-limit";

/** Lookups (Certificates/Check, the /cert page, its preview) that found no certificate, per address. */
export const certificateMisses = createLimiter("certificate-misses", { points: 30, durationSeconds: 60 });
/** Every lookup per address: a crawler's pace, never a school's. */
export const certificateLookups = createLimiter("certificate-lookups", { points: 600, durationSeconds: 60 });
/**
 * Link previews drawn for one address (a preview not drawn before: a render costs the better part
 * of a second of the server's CPU). A school's class is a few dozen; anything kept costs nothing.
 */
export const certificateDraws = createLimiter("certificate-draws", { points: 30, durationSeconds: 60 });
/** Certificates/Generate per pupil: a few downloads, not a loop. */
export const certificateDownloads = createLimiter("certificate-downloads", { points: 10, durationSeconds: 60 });

// The schema of erasing a pupil's personal data: the username typed, and why.
import "server-only";
import { z } from "zod";
import { reason } from "@/shared/validation/reason";

/** Erasing a pupil: their username typed, and why. */
export const erasePupilSchema = z.object({ confirmUsername: z.string().max(100), reason });

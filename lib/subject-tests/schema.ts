// Schemas of the organiser's requests about a test that only the server reads: its id in the
// address, the pupil's-eye preview, and closing it now. The test's settings: shared/subject-tests/schema.ts.
import "server-only";
import { z } from "zod";
import { studyLanguage } from "@/shared/questions/schema";
import { queryId } from "@/shared/validation/fields";
import { reason } from "@/shared/validation/reason";

export const testIdParams = z.object({ testId: queryId });
/** A pair of a test's screening, "12-34" in the address: the lower attempt id first. */
export const screeningPairParams = testIdParams.extend({
  pair: z
    .string()
    .regex(/^\d{1,9}-\d{1,9}$/)
    .transform((pair) => pair.split("-").map(Number) as [number, number]),
});
/** The pupil's-eye preview: the test, and the study language to draw in (Uzbek unless a valid one is asked). */
export const previewParams = testIdParams.extend({ language: z.coerce.number().pipe(studyLanguage).catch(0) });

/** "Hozir yopish": the subject's name typed, and why. */
export const closeTestSchema = z.object({ confirmSubjectName: z.string().max(100), reason });

export const subjectIdParams = z.object({ subjectId: queryId });

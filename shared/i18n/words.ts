// Small phrases made of messages and values, the same on every page.
import type { Messages } from "./types";

/** "7-sinf, Matematika", or whichever of the two is known. */
export function gradeAndSubject(m: Messages, grade: number | null | undefined, subject: string | null | undefined): string {
  return [grade ? m.registration.gradeOption({ grade }) : null, subject].filter(Boolean).join(", ");
}

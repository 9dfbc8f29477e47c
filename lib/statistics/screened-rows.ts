// The screening's attempts as lib/integrity/screening.ts reads them (one JSON text of ScreenedRow), made into
// what the statistics compare (./similarity.ts ScreenedAttempt). Pure: it runs in the statistics'
// child process (lib/statistics/statistics-process.ts), where the JSON is parsed.
import type { ScreenedAttempt } from "./similarity";

/** An attempt as read: its pupil's school and district, its answers, its sign-ins' devices and addresses. */
export type ScreenedRow = {
  attemptId: number;
  userId: number;
  organizationId: number | null;
  districtId: number | null;
  /** [question id, final choice id or null, correct, final save (epoch ms) or null, [choice ids saved, in order]] */
  responses: [number, number | null, boolean, number | null, (number | null)[] | null][];
  devices: string[] | null;
  addresses: string[] | null;
};

/** The attempts of `rowsJson`, paired by school, or by district where the school is unknown. */
export function screenedAttemptsOf(rowsJson: string): ScreenedAttempt[] {
  return (JSON.parse(rowsJson) as ScreenedRow[]).map((r) => ({
    attemptId: r.attemptId,
    group: r.organizationId !== null ? `school:${r.organizationId}` : r.districtId !== null ? `district:${r.districtId}` : null,
    devices: r.devices ?? [],
    addresses: r.addresses ?? [],
    responses: r.responses.map(([questionId, choiceId, correct, savedAt, sequence]) => ({
      questionId,
      choiceId,
      correct: choiceId !== null && correct,
      // An answer saved before its saves were recorded has no time: it is compared by choice alone.
      savedAt: choiceId === null ? null : savedAt,
      sequence: (sequence ?? []).filter((c): c is number => c !== null),
    })),
  }));
}

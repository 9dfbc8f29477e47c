// The pupil's appeals in the browser: what the result card shows of them after the test.
"use client";

import { useQuery } from "@tanstack/react-query";
import type { AppealsView } from "@/shared/appeals/schema";
import { api } from "@/shared/http/client";

export const appealsKeys = {
  pupil: ["appeals", "pupil"] as const,
};

/**
 * The signed-in pupil's appeals, score changes and list state; an error (none yet: 404) shows
 * nothing rather than the error page. A page that brings them (`initialData`, null for none) is not
 * asked again on arrival: the result card does not grow, and move its buttons, under a finger.
 */
export function usePupilAppeals(initialData?: AppealsView | null) {
  return useQuery({
    queryKey: appealsKeys.pupil,
    queryFn: ({ signal }) => api<AppealsView | null>("/TestAttempts/Appeals", { signal }),
    throwOnError: false,
    initialData,
  });
}

// The signed-in user, as GetCurrentUser answers it; pages hand the server's copy in as initial data.
"use client";

import { useQuery } from "@tanstack/react-query";
import { forgetAllAttempts } from "@/components/offline/attempt-copy";
import type { CurrentUser } from "@/lib/identity/users";
import { api } from "@/shared/http/client";

export const currentUserKey = ["current-user"] as const;

export function useCurrentUser(initialData?: CurrentUser) {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => api<CurrentUser>("/Identity/GetCurrentUser", { signal }),
    initialData,
    staleTime: 5 * 60_000,
  });
}

/** "Chiqish": ends the session and reloads, so the guard sends the page to the sign-in form. */
export async function logout(): Promise<void> {
  await api("/Identity/Logout", { method: "POST" }).catch(() => {});
  await forgetAllAttempts();
  window.location.reload();
}

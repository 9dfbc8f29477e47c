// The console's server data in the browser: keys and fetchers (TanStack Query).
"use client";

import { useQuery } from "@tanstack/react-query";
import type { loadBoard } from "@/lib/board/board";
import { api } from "@/shared/http/client";

export type Board = Awaited<ReturnType<typeof loadBoard>>;

/** The day's board, every 5 s while the page is open (the one grouped query behind it is cheap). */
export function useBoard(initialData: Board) {
  return useQuery({
    queryKey: ["organiser", "board"],
    queryFn: ({ signal }) => api<Board>("/admin/board", { signal }),
    initialData,
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
  });
}

import type { Metadata } from "next";
import { BoardView } from "@/components/organiser/board-view";
import { PageHeader } from "@/components/organiser/page-header";
import { uz } from "@/lib/i18n/uz";
import { requireOrganiser } from "@/lib/identity/page-guards";
import { loadBoard } from "@/lib/organiser/board";

export const metadata: Metadata = { title: uz.organiser.board.title };

export default async function BoardPage() {
  // Each page checks the role itself: a client-side navigation may render it without the layout.
  await requireOrganiser();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={uz.organiser.board.title} lead={uz.organiser.board.lead} />
      <BoardView initial={await loadBoard()} />
    </div>
  );
}

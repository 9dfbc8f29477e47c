import type { Metadata } from "next";
import { BoardView } from "@/components/organiser/board-view";
import { PageHeader } from "@/components/organiser/page-header";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { loadBoard } from "@/lib/organiser/board";

export const metadata: Metadata = { title: uzOrganiser.board.title };

export default async function BoardPage() {
  await organiserPage();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={uzOrganiser.board.title} lead={uzOrganiser.board.lead} help={uzOrganiser.help.board} />
      <BoardView initial={await loadBoard()} />
    </div>
  );
}

import { BoardView } from "@/components/board/board-view";
import { PageHeader } from "@/components/console/page-header";
import { loadBoard } from "@/lib/board/board";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { consoleSeason } from "@/lib/seasons/console-season";
import { allQuery, type SearchPageProps, searchOf } from "@/lib/validation/queries";

export const generateMetadata = consoleTitle((messages) => messages.board.title);

export default async function BoardPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const season = await consoleSeason();
  const [messages, board] = await Promise.all([getOrganiserMessages(), loadBoard({ seasonId: season.seasonId })]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={messages.board.title} lead={messages.board.lead} help={messages.help.board} season={season} />
      <BoardView initial={board} all={searchOf(allQuery, await searchParams).all === "1"} />
    </div>
  );
}

import { PageHeader } from "@/components/console/page-header";
import { TestsView } from "@/components/subject-tests/tests-view";
import { LinkButton } from "@/components/ui/button";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { consoleSeason } from "@/lib/seasons/console-season";
import { listTests } from "@/lib/subject-tests/subject-tests";
import { allQuery, type SearchPageProps, searchOf } from "@/lib/validation/queries";

export const generateMetadata = consoleTitle((messages) => messages.tests.title);

export default async function TestsPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const season = await consoleSeason();
  const [messages, items] = await Promise.all([getOrganiserMessages(), listTests({ seasonId: season.seasonId })]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={messages.tests.title} lead={messages.tests.lead} help={messages.help.tests} season={season}>
        <LinkButton variant="secondary" href="/admin/tests/pins">
          {messages.tests.pinSheet}
        </LinkButton>
      </PageHeader>
      <TestsView items={items} all={searchOf(allQuery, await searchParams).all === "1"} />
    </div>
  );
}

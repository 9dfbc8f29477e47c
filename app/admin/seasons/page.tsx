import { PageHeader } from "@/components/console/page-header";
import { SeasonsView } from "@/components/seasons/seasons-view";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { bankExposure } from "@/lib/seasons/carry";
import { listSeasons } from "@/lib/seasons/console";

export const generateMetadata = consoleTitle((messages) => messages.seasons.title);

export default async function SeasonsPage() {
  await organiserPage();
  const [messages, items] = await Promise.all([getOrganiserMessages(), listSeasons()]);
  // What the next season would take over from the newest one's bank.
  const exposure = items[0] ? await bankExposure(items[0].seasonId) : [];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={messages.seasons.title} lead={messages.seasons.lead} help={messages.help.seasons} />
      <SeasonsView items={items} exposure={exposure} />
    </div>
  );
}

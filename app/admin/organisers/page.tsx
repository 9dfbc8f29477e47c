import { PageHeader } from "@/components/console/page-header";
import { OrganisersView } from "@/components/organisers/organisers-view";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { listOrganisers } from "@/lib/organisers/organisers";

export const generateMetadata = consoleTitle((messages) => messages.organisers.title);

export default async function OrganisersPage() {
  await organiserPage();
  const [messages, items] = await Promise.all([getOrganiserMessages(), listOrganisers()]);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={messages.organisers.title} lead={messages.organisers.lead} help={messages.help.organisers} />
      <OrganisersView items={items} />
    </div>
  );
}

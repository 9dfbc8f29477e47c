import type { Metadata } from "next";
import { OrganisersView } from "@/components/organiser/organisers-view";
import { PageHeader } from "@/components/organiser/page-header";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { listOrganisers } from "@/lib/organiser/organisers";

export const metadata: Metadata = { title: uzOrganiser.organisers.title };

export default async function OrganisersPage() {
  await organiserPage();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={uzOrganiser.organisers.title} lead={uzOrganiser.organisers.lead} help={uzOrganiser.help.organisers} />
      <OrganisersView items={await listOrganisers()} />
    </div>
  );
}

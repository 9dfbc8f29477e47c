import type { Metadata } from "next";
import { OrganisersView } from "@/components/organiser/organisers-view";
import { PageHeader } from "@/components/organiser/page-header";
import { uz } from "@/lib/i18n/uz";
import { requireOrganiser } from "@/lib/identity/page-guards";
import { listOrganisers } from "@/lib/organiser/organisers";

export const metadata: Metadata = { title: uz.organiser.organisers.title };

export default async function OrganisersPage() {
  // Each page checks the role itself: a client-side navigation may render it without the layout.
  await requireOrganiser();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={uz.organiser.organisers.title} lead={uz.organiser.organisers.lead} />
      <OrganisersView items={await listOrganisers()} />
    </div>
  );
}

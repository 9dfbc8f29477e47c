import type { Metadata } from "next";
import { PageHeader } from "@/components/organiser/page-header";
import { TestsView } from "@/components/organiser/tests-view";
import { LinkButton } from "@/components/ui/button";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { listTests } from "@/lib/organiser/tests";

export const metadata: Metadata = { title: uzOrganiser.tests.title };

export default async function TestsPage() {
  await organiserPage();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={uzOrganiser.tests.title} lead={uzOrganiser.tests.lead} help={uzOrganiser.help.tests}>
        <LinkButton variant="secondary" href="/admin/tests/pins">
          {uzOrganiser.tests.pinSheet}
        </LinkButton>
      </PageHeader>
      <TestsView items={await listTests()} />
    </div>
  );
}

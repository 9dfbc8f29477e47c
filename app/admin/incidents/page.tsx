import { PageHeader } from "@/components/console/page-header";
import { IncidentsView } from "@/components/incidents/incidents-view";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { currentNotices } from "@/lib/incidents/incidents";
import { loadReferenceData } from "@/lib/reference/queries";
import { listTests } from "@/lib/subject-tests/subject-tests";

export const generateMetadata = consoleTitle((messages) => messages.incidents.title);

export default async function IncidentsPage() {
  await organiserPage();
  const locale = await getLocale();
  const [messages, tests, reference, notices] = await Promise.all([
    getOrganiserMessages(),
    listTests(),
    loadReferenceData({ locale }),
    currentNotices(),
  ]);
  const open = tests.flatMap((item) =>
    item.test && item.open ? [{ testId: item.test.testId, grade: item.grade, subjectName: item.subjectName, running: item.running }] : [],
  );
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={messages.incidents.title} lead={messages.incidents.lead} />
      <IncidentsView tests={open} regions={reference.regions} districts={reference.districts} notices={notices} />
    </div>
  );
}

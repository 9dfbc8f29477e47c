import { PageHeader } from "@/components/console/page-header";
import { PrintButton } from "@/components/console/print-button";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocalName, getMessages } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { consoleSeason } from "@/lib/seasons/console-season";
import { listTests } from "@/lib/subject-tests/subject-tests";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.pinSheet.title);

/** The PINs of every test on one printable sheet, large, with the window they open in. */
export default async function PinSheetPage() {
  await organiserPage();
  const season = await consoleSeason();
  const [organiserMessages, messages, local, tests] = await Promise.all([
    getOrganiserMessages(),
    getMessages(),
    getLocalName(),
    listTests({ seasonId: season.seasonId }),
  ]);
  const texts = organiserMessages.pinSheet;
  const items = tests.filter((item) => item.test !== null);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={texts.title} lead={texts.lead} season={season}>
        <PrintButton />
      </PageHeader>
      {items.length === 0 ? (
        <p className="text-slate-600">{texts.none}</p>
      ) : (
        <table className="w-full border-collapse text-left" data-testid="pin-sheet">
          <thead>
            <tr className="border-b-2 border-slate-900 text-sm">
              <th className="py-2 pr-3">{texts.subject}</th>
              <th className="py-2 pr-3">{texts.window}</th>
              <th className="py-2 text-right">{texts.pin}</th>
            </tr>
          </thead>
          <tbody>
            {items.map(({ subjectId, grade, subjectName, test }) => (
              <tr key={subjectId} className="break-inside-avoid border-b border-slate-300">
                <td className="py-3 pr-3 text-lg font-semibold">{gradeAndSubject(messages, grade, local(subjectName))}</td>
                <td className="py-3 pr-3 text-sm">
                  {formatTashkent(test!.openedAt)} — {formatTashkent(test!.closedAt)}
                </td>
                <td className="py-3 text-right font-mono text-3xl font-bold tracking-widest">{test!.pinCode}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-4 text-xs text-slate-500">{texts.note}</p>
    </div>
  );
}

import Link from "next/link";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/console/back-link";
import { PageHeader } from "@/components/console/page-header";
import { PrintButton } from "@/components/console/print-button";
import { ProtocolChooser } from "@/components/final-list/protocol-chooser";
import { ProtocolSheet, type ProtocolWords } from "@/components/final-list/protocol-sheet";
import {
  districtLists,
  listCheckUrl,
  protocolChoices,
  protocolDistricts,
  protocolQuery,
  protocolSource,
  qrSvgOf,
} from "@/lib/final-list/protocol";
import { consoleTitle, getOrganiserMessages, organiserMessagesOf } from "@/lib/i18n/organiser";
import { getLocale, getLocalName, localNameIn } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { testSeason } from "@/lib/seasons/console-season";
import { testIdParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { formatTashkent, tashkentDate } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.protocol.title);

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The sheet is A4 with the margins the print takes; the console's padding is not printed around it,
// and its flex columns print as blocks, where every browser honours a sheet's page break.
const PRINT_STYLE = [
  "@page { size: A4 portrait; margin: 15mm; }",
  "@media print { body { background: #fff; } main { padding: 0 !important; } .flex:has(main) { display: block !important; min-height: 0 !important; } }",
].join(" ");

/** The district commission's protocols of a test's final list: one A4 page per district, to print and sign. */
export default async function ProtocolPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const search = await searchParams;
  const query = protocolQuery.safeParse(search);
  const origin = originOf(search.from);
  const { region, district, language } = query.success ? query.data : {};
  const [source, season, messages, consoleLocale, consoleLocal] = await Promise.all([
    protocolSource(route.testId),
    testSeason(route.testId, (id) => withOrigin(`/admin/tests/${id}/protocol`, origin)),
    getOrganiserMessages(),
    getLocale(),
    getLocalName(),
  ]);
  if (!source) notFound();
  const texts = messages.protocol;
  const header = (printable: boolean) => (
    <div className="print:hidden">
      <PageHeader title={texts.title} lead={texts.lead} season={season ?? undefined}>
        <BackLink origin={origin} testId={route.testId} />
        {printable && <PrintButton />}
      </PageHeader>
    </div>
  );
  const { list } = source;
  if (!list) {
    return (
      <div className="mx-auto max-w-4xl">
        {header(false)}
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
          data-testid="protocol-provisional"
        >
          {texts.provisional}{" "}
          <Link
            href={withOrigin(`/admin/tests/${route.testId}/appeals`, origin)}
            className="text-primary-700 underline"
            data-testid="protocol-appeals-link"
          >
            {texts.toAppeals}
          </Link>
        </p>
      </div>
    );
  }

  const locale = language ?? consoleLocale;
  const words: ProtocolWords = {
    locale,
    texts: organiserMessagesOf(locale).protocol,
    results: organiserMessagesOf(locale).results,
    local: localNameIn(locale),
  };
  // The chooser speaks the console's language; the sheets the protocol's.
  const choices = protocolChoices(districtLists(list.rows, consoleLocale, consoleLocal), consoleLocal);
  const sheets = protocolDistricts(districtLists(list.rows, locale, words.local), { region, district });
  const chosen = region !== undefined || district !== undefined;
  const test = words.texts.test({
    grade: list.grade,
    subject: words.local(list.subjectName),
    date: tashkentDate(list.testedAt.toISOString()),
  });
  const listLine = words.texts.list({ version: list.version, time: formatTashkent(list.finalisedAt.toISOString()) });
  const checks = await Promise.all(
    sheets.map(async (sheet) => {
      const url = await listCheckUrl(list.topHash, sheet.districtId);
      return { url, svg: await qrSvgOf(url) };
    }),
  );

  return (
    <div className="mx-auto max-w-5xl">
      <style>{PRINT_STYLE}</style>
      {header(sheets.length > 0)}
      <ProtocolChooser choices={choices} regionId={region} districtId={district} lang={locale} origin={origin} />
      {!chosen ? (
        <p className="text-sm text-slate-600 print:hidden" data-testid="protocol-choose">
          {texts.choose}
        </p>
      ) : sheets.length === 0 ? (
        <p role="status" className="text-sm text-slate-600 print:hidden" data-testid="protocol-none">
          {texts.noPupils}
        </p>
      ) : (
        <div data-testid="protocol-sheets">
          {sheets.map((sheet, index) => (
            <ProtocolSheet
              key={sheet.districtId}
              words={words}
              district={sheet}
              test={test}
              listLine={listLine}
              topHash={list.topHash}
              checkUrl={checks[index].url}
              qrSvg={checks[index].svg}
            />
          ))}
        </div>
      )}
    </div>
  );
}

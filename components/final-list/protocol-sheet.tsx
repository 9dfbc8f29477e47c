// One district's protocol on one A4 page: the test, the place, the pupils going to the second stage
// as the final list has them, the list's version and hash with a QR code of its public check, and
// the commission's signatures. In the language the organiser chose (`words`), whatever the console's.
// A server component (the protocol's page renders it).
import { ScrollRegion } from "@/components/ui/table";
import type { DistrictList } from "@/lib/final-list/protocol";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { points } from "@/shared/i18n/numbers";

export type ProtocolWords = {
  locale: Locale;
  texts: OrganiserMessages["protocol"];
  results: OrganiserMessages["results"];
  local: (name: string) => string;
};

type Props = {
  words: ProtocolWords;
  district: DistrictList;
  /** "7-sinf, Matematika. Test sanasi: 24.06.2025", in the protocol's language. */
  test: string;
  /** The list's version and finalisation time, in the protocol's language. */
  listLine: string;
  topHash: string;
  checkUrl: string;
  /** The QR code of checkUrl, as the qrcode package draws it. */
  qrSvg: string;
};

const cell = "border border-slate-400 px-2 py-1 align-top";

export function ProtocolSheet({ words, district, test, listLine, topHash, checkUrl, qrSvg }: Props) {
  const { locale, texts, results, local } = words;
  const place = (name: string | null) => (name === null ? "—" : local(name));
  const signers = [texts.chair, texts.member, texts.member, texts.secretary];
  return (
    <section
      lang={locale}
      data-testid="protocol-district"
      data-district={district.districtId ?? ""}
      className="mx-auto mb-6 w-full max-w-[210mm] break-after-page bg-white p-4 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 last:mb-0 last:break-after-auto sm:min-h-[297mm] sm:p-[15mm] print:m-0 print:min-h-0 print:max-w-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="text-center">
        <h2 className="text-base font-bold uppercase">{texts.heading}</h2>
        <p className="mt-1 font-medium">{test}</p>
      </header>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">{texts.region}:</dt>
        <dd>{place(district.regionName)}</dd>
        <dt className="font-semibold">{texts.district}:</dt>
        <dd>{place(district.districtName)}</dd>
      </dl>
      <p className="mt-2" data-testid="protocol-took">
        {texts.took({ pupils: district.took })}
      </p>

      <h3 className="mt-4 font-semibold">{texts.selected}</h3>
      <ScrollRegion label={`${texts.selected}, ${place(district.districtName)}`} className="mt-2 print:overflow-visible">
        <table className="w-full border-collapse text-left">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${cell} w-12 text-center`}>
                {texts.rank}
              </th>
              <th scope="col" className={cell}>
                {texts.fullName}
              </th>
              <th scope="col" className={cell}>
                {texts.school}
              </th>
              <th scope="col" className={`${cell} w-16 text-right`}>
                {texts.score}
              </th>
            </tr>
          </thead>
          <tbody>
            {district.rows.map((row) => (
              <tr key={row.userId} className="break-inside-avoid" data-testid="protocol-row">
                <td className={`${cell} text-center tabular-nums`}>{row.rank}</td>
                <td className={cell}>{row.fullName}</td>
                <td className={cell}>{row.schoolName === null ? results.otherSchool : local(row.schoolName)}</td>
                <td className={`${cell} text-right tabular-nums`}>{points(locale, row.totalScore)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {district.tieAtCut && (
        <p className="mt-2 italic" data-testid="protocol-tie">
          {results.tieAtCut({ rank: district.tieAtCut.rank, count: district.tieAtCut.pupils })}
        </p>
      )}

      <div className="mt-5 flex break-inside-avoid flex-col gap-4 sm:flex-row sm:items-start print:flex-row print:items-start">
        <div className="min-w-0 flex-1 space-y-1 text-xs">
          <p data-testid="protocol-version">{listLine}</p>
          <p className="font-semibold">{texts.hash}:</p>
          <p className="break-all font-mono" data-testid="protocol-hash">
            {topHash}
          </p>
          <p className="pt-1">{texts.check}</p>
          <p className="break-all font-mono" data-testid="protocol-url">
            {checkUrl}
          </p>
        </div>
        {/* The qrcode package's own SVG markup: the only markup this page sets, of an address we made. */}
        <div
          className="size-28 shrink-0 [&>svg]:size-full print:size-[30mm]"
          data-testid="protocol-qr"
          role="img"
          aria-label={checkUrl}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
      </div>

      <div className="mt-6 break-inside-avoid space-y-5" data-testid="protocol-signatures">
        {signers.map((role, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two members have the same title
          <div key={index} className="grid grid-cols-[minmax(0,9rem)_1fr_1fr] items-end gap-3 sm:grid-cols-[12rem_1fr_1fr]">
            <span className="font-medium">{role}</span>
            <Line caption={texts.name} />
            <Line caption={texts.signature} />
          </div>
        ))}
        <p className="pt-2">
          {texts.date}: <span className="inline-block w-40 border-b border-slate-900 align-bottom">&nbsp;</span>
        </p>
      </div>
    </section>
  );
}

/** A line to write on, its caption under it. */
function Line({ caption }: { caption: string }) {
  return (
    <span className="flex flex-col items-center">
      <span className="block h-6 w-full border-b border-slate-900" />
      <span className="mt-0.5 text-xs text-slate-600">{caption}</span>
    </span>
  );
}

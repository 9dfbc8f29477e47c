// The public check of a final list: what it is of, when it was finalised, its hash, whether it was
// changed or replaced, and per district its second-stage pupils by rank, name and score only —
// nothing else about them. In the reader's language. Server components (/lists/{hash} renders them).
import Link from "next/link";
import type { ReactNode } from "react";
import { PublicFrame } from "@/components/shell/public-frame";
import { Card } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { FinalListRecord } from "@/lib/final-list/final";
import type { DistrictList } from "@/lib/final-list/protocol";
import { getMessages } from "@/lib/i18n/server";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { points } from "@/shared/i18n/numbers";
import type { Messages } from "@/shared/i18n/types";
import { formatTashkent, tashkentClock, tashkentDate } from "@/shared/time";

/** The page's frame: the language switcher, the camp's name and the page's title above the list. */
export async function FinalListFrame({ children }: { children: ReactNode }) {
  return <PublicFrame title={(await getMessages()).finalList.pageTitle}>{children}</PublicFrame>;
}

/** Before the list's minute (lib/final-list/public.ts): the test it is of and when the list comes out, no pupil. */
export function FinalListNotYet({ messages, local, list }: { messages: Messages; local: (name: string) => string; list: FinalListRecord }) {
  const texts = messages.finalList;
  const at = (list.resultsAt ?? list.finalisedAt).toISOString();
  return (
    <Card as="section" data-testid="final-list-not-yet">
      <h2 className="text-lg font-semibold text-slate-900" data-testid="final-list-heading">
        {texts.heading({ grade: list.grade, subject: local(list.subjectName) })}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{texts.testedOn({ date: tashkentDate(list.testedAt.toISOString()) })}</p>
      <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900 ring-1 ring-amber-200" role="status">
        {texts.announced({ date: tashkentDate(at), time: tashkentClock(at) })}
      </p>
    </Card>
  );
}

type Props = {
  messages: Messages;
  locale: Locale;
  local: (name: string) => string;
  list: FinalListRecord;
  /** The districts shown: every one, or the one asked for. */
  districts: DistrictList[];
  /** The district asked for (`?district=`), if any. */
  districtId?: number;
};

export function FinalListCheck({ messages, locale, local, list, districts, districtId }: Props) {
  const texts = messages.finalList;
  const districtQuery = districtId === undefined ? "" : `?district=${districtId}`;
  return (
    <div className="space-y-4" data-testid="final-list">
      <Card as="section">
        <h2 className="text-lg font-semibold text-slate-900" data-testid="final-list-heading">
          {texts.heading({ grade: list.grade, subject: local(list.subjectName) })}
        </h2>
        <div className="mt-2 space-y-1 text-sm text-slate-700">
          <p>{texts.testedOn({ date: tashkentDate(list.testedAt.toISOString()) })}</p>
          <p>{texts.finalisedAt({ time: formatTashkent(list.finalisedAt.toISOString()) })}</p>
          <p className="pt-1 font-medium text-slate-900">{texts.hash}:</p>
          <p className="break-all font-mono text-xs" data-testid="final-list-hash">
            {list.topHash}
          </p>
        </div>
        {/* The written rule a freed place passes by (lib/invitations/invitations.ts). */}
        <p className="mt-3 text-sm text-slate-700" data-testid="final-list-rule">
          {messages.invitation.rule}
        </p>
        {list.version > 1 && (
          <p
            className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
            data-testid="final-list-changed"
          >
            {texts.changed({ reason: list.reason ?? "—" })}
          </p>
        )}
        {list.replaced && (
          <div
            role="status"
            className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="final-list-replaced"
          >
            <p className="font-medium">
              {texts.replaced({ time: formatTashkent(list.replaced.at.toISOString()), reason: list.replaced.reason ?? "—" })}
            </p>
            <Link
              href={`/lists/${list.replaced.topHash}${districtQuery}`}
              className="mt-1 inline-block font-medium text-primary-700 underline"
              data-testid="final-list-current"
            >
              {texts.replacedLink}
            </Link>
          </div>
        )}
      </Card>

      {districtId !== undefined && (
        <Link
          href={`/lists/${list.topHash}`}
          className="inline-block text-sm font-medium text-primary-700 underline"
          data-testid="final-list-all"
        >
          {texts.allDistricts}
        </Link>
      )}
      {districts.length === 0 && (
        <Card as="section">
          <p role="status" className="text-sm text-slate-700" data-testid="final-list-empty">
            {texts.noDistrict}
          </p>
        </Card>
      )}
      {districts.map((district) => (
        <Card as="section" key={district.districtId ?? 0} data-testid="final-list-district" data-district={district.districtId ?? ""}>
          <h3 className="font-semibold text-slate-900">
            {district.districtName === null ? texts.otherDistrict : local(district.districtName)}
            {district.regionName !== null && <span className="font-normal text-slate-600"> · {local(district.regionName)}</span>}
          </h3>
          <p className="mb-3 text-sm text-slate-600">{texts.tookPart({ pupils: district.took })}</p>
          <Table>
            <THead>
              <tr>
                <TH className="w-16 text-center">{texts.rank}</TH>
                <TH>{texts.fullName}</TH>
                <TH className="w-20 text-right">{texts.score}</TH>
              </tr>
            </THead>
            <TBody>
              {district.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: not the pupil's id, which the key would carry into the page's payload; the list never changes order
                <TR key={index} data-testid="final-row">
                  <TD className="text-center tabular-nums">{row.rank}</TD>
                  <TD>{row.fullName}</TD>
                  <TD className="text-right tabular-nums">{points(locale, row.totalScore)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </Card>
      ))}
    </div>
  );
}

// The results of a test, each district's ranking under its own heading: rank (or why a pupil is
// not ranked), the pupil, the school, the scores by difficulty, the total, the time, the marks.
import Link from "next/link";
import { Fragment } from "react";
import { MarksButton } from "@/components/results/results-marks";
import { clock } from "@/components/ui/format";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import type { ResultRow } from "@/lib/results/ranking";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { points } from "@/shared/i18n/numbers";

type Props = { items: ResultRow[]; messages: OrganiserMessages; local: (name: string) => string; locale: Locale };

export function ResultsTable({ items, messages, local, locale }: Props) {
  const texts = messages.results;
  return (
    <Table data-testid="results-table">
      <THead>
        <tr>
          <TH>{texts.rank}</TH>
          <TH>{messages.pupils.fullName}</TH>
          <TH>{messages.pupils.school}</TH>
          <TH className="text-right">{texts.scores}</TH>
          <TH className="text-right">{texts.total}</TH>
          <TH className="text-right">{texts.time}</TH>
          <TH>
            <span className="sr-only">{texts.marks}</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {items.length === 0 && <EmptyRow columns={7}>{messages.common.none}</EmptyRow>}
        {items.map((r, i) => (
          <Fragment key={r.attemptId}>
            {/* Each district's ranking under its own heading: the rows are in region, district, rank order. */}
            {(i === 0 || items[i - 1].districtId !== r.districtId) && (
              <tr className="bg-slate-100" data-testid="district-heading">
                <th colSpan={7} scope="colgroup" className="px-3 py-2 text-left text-sm font-semibold text-slate-800">
                  {r.districtName ? `${local(r.districtName)}, ${r.regionName ? local(r.regionName) : ""}` : texts.noDistrict}
                </th>
              </tr>
            )}
            <TR>
              <TD className="whitespace-nowrap">
                <RankCell texts={texts} row={r} />
                {r.tieAtCut && r.rank === r.tieAtCut.rank && (
                  <span className="mt-0.5 block text-xs text-amber-800">
                    {texts.tieAtCut({ rank: r.tieAtCut.rank, count: r.tieAtCut.pupils })}
                  </span>
                )}
              </TD>
              <TD>
                <Link href={`/admin/pupils/${r.userId}`} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                  {r.fullName}
                </Link>
                <span className="block text-xs text-slate-500">{texts.endedBy[r.endedBy]}</span>
              </TD>
              <TD>{r.schoolName ? local(r.schoolName) : texts.otherSchool}</TD>
              <TD className="whitespace-nowrap text-right tabular-nums">
                {points(locale, r.easyScore)} / {points(locale, r.mediumScore)} / {points(locale, r.hardScore)}
              </TD>
              <TD className="text-right font-semibold tabular-nums">{points(locale, r.totalScore)}</TD>
              <TD className="text-right tabular-nums">{clock(r.timeSpent)}</TD>
              <TD>
                <MarksButton attemptId={r.attemptId} fullName={r.fullName} />
              </TD>
            </TR>
          </Fragment>
        ))}
      </TBody>
    </Table>
  );
}

function RankCell({ texts, row }: { texts: OrganiserMessages["results"]; row: ResultRow }) {
  if (row.excluded) return <span className="text-xs text-slate-500">{texts.excluded[row.excluded]}</span>;
  return (
    <span className="flex items-center gap-1.5">
      <span className="font-semibold tabular-nums">{row.rank}</span>
      {row.inTop5 && <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{texts.top}</span>}
    </span>
  );
}

// The day's board: one tile per subject and grade (an olympiad's worth, the rest on a press),
// refreshed every 5 s without a reload; today's tests only, at a tick.
"use client";

import { useState } from "react";
import { firstOf } from "@/components/console/first-of";
import { ShowAll } from "@/components/console/show-all";
import { useLocale, useLocalName, useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/table";
import type { BoardRow } from "@/lib/board/board";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import { byName } from "@/shared/i18n/names";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent, isoDateOf, tashkentDate } from "@/shared/time";
import { NoReceipts } from "./no-receipts";
import { type Board, useBoard } from "./queries";

const stateTone = {
  open: "bg-green-100 text-green-800",
  notOpen: "bg-amber-100 text-amber-800",
  closed: "bg-slate-200 text-slate-700",
  none: "bg-red-100 text-red-800",
};

const COUNTS = ["registered", "paid", "signedIn", "checkedIn", "started", "inProgress", "ended", "blocked"] as const;

/** The bank per study language: whether each language's pupils can be drawn a whole test. */
function BankCell({ row, bank }: { row: BoardRow; bank: BoardRow["banks"][number] }) {
  const organiserMessages = useOrganiserMessages();
  const texts = organiserMessages.board;
  const parts = DIFFICULTY_NAMES.map((d) => {
    const short = row.needed !== null && bank[d] < row.needed[d];
    return (
      <span key={d} className={cn("tabular-nums", short && "font-semibold text-red-700")} title={short ? texts.short : undefined}>
        {bank[d]}
        {row.needed && <span className="text-slate-500">/{row.needed[d]}</span>}
      </span>
    );
  });
  const short = row.needed !== null && DIFFICULTY_NAMES.some((d) => bank[d] < row.needed![d]);
  return (
    <span className="flex flex-wrap items-baseline gap-x-2" data-testid={`bank-${bank.language}`}>
      <span className="font-medium text-slate-700">{organiserMessages.questions.languageNames[bank.language]}</span>
      <span className="inline-flex gap-2">{parts}</span>
      <span className="text-slate-500">{texts.bankPupils({ count: bank.pupils })}</span>
      {short && <span className="font-semibold text-red-700">{texts.short}</span>}
    </span>
  );
}

/** The test's window takes in today (in Tashkent, by the server's clock). */
function isToday(row: BoardRow, serverTime: string): boolean {
  if (!row.openedAt || !row.closedAt) return false;
  const today = isoDateOf(tashkentDate(serverTime))!;
  return isoDateOf(tashkentDate(row.openedAt))! <= today && today <= isoDateOf(tashkentDate(row.closedAt))!;
}

export function BoardView({ initial, all }: { initial: Board; all: boolean }) {
  const texts = useOrganiserMessages().board;
  const messages = useMessages();
  const local = useLocalName();
  const { data } = useBoard(initial);
  const [todayOnly, setTodayOnly] = useState(false);
  const rows = todayOnly ? data.tests.filter((row) => isToday(row, data.serverTime)) : data.tests;
  const shown = firstOf(rows, all);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4" checked={todayOnly} onChange={(event) => setTodayOnly(event.target.checked)} />
          {texts.todayOnly}
        </label>
        <p className="text-xs text-slate-500" data-testid="board-updated">
          {texts.updatedAt({ time: formatTashkent(data.serverTime, { seconds: true }) })}
        </p>
      </div>
      {!data.receipts && <NoReceipts text={texts.noReceipts} />}
      <OpeningNow opening={data.opening} />
      {rows.length === 0 && <p className="py-6 text-center text-slate-500">{texts.noneToday}</p>}
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((row) => {
          const state = row.state ?? "none";
          const name = gradeAndSubject(messages, row.grade, local(row.subjectName));
          return (
            <Card
              key={row.subjectId}
              size="panel"
              as="section"
              className="@container"
              data-testid={`board-${row.subjectId}`}
              aria-label={name}
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">{name}</h2>
                <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold", stateTone[state])} data-testid="board-state">
                  {texts.states[state]}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {row.openedAt ? `${formatTashkent(row.openedAt)} — ${formatTashkent(row.closedAt)}` : texts.states.none}
              </p>
              {row.checkInAt && row.state === "notOpen" && (
                <p className="mt-1 text-xs text-slate-500">{texts.checkInFrom({ time: formatTashkent(row.checkInAt) })}</p>
              )}
              <div className="mt-1 text-xs text-slate-600">
                {texts.bank}:
                {row.banks.map((bank) => (
                  <BankCell key={bank.language} row={row} bank={bank} />
                ))}
              </div>
              {/*
                By the tile's own width, not the screen's: four counts a row only where the longest
                label ("Заблокированы") fits its cell, eight where eight fit; a narrow tile (a phone,
                three tiles beside the menu) lists them two a row, each label beside its number.
              */}
              <dl className="mt-3 grid grid-cols-2 gap-2 @min-[27rem]:grid-cols-4 @min-[54rem]:grid-cols-8">
                {COUNTS.map((key) => (
                  <div
                    key={key}
                    className="flex min-w-0 items-center justify-between gap-2 rounded-lg bg-slate-50 px-2 py-1 @min-[27rem]:block @min-[27rem]:px-1 @min-[27rem]:py-1.5 @min-[27rem]:text-center"
                  >
                    <dt className="min-w-0 text-[11px] leading-tight text-slate-500 wrap-anywhere">{texts.counts[key]}</dt>
                    <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={`count-${key}`}>
                      {row.counts[key]}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          );
        })}
      </div>
      <ShowAll total={rows.length} all={all} />
      <CheckIns board={data} />
    </div>
  );
}

/** While the opening runs: starts a second, and this server's queue. */
function OpeningNow({ opening }: { opening: Board["opening"] }) {
  const texts = useOrganiserMessages().board;
  const { startsPerSecond, queue } = opening;
  if (startsPerSecond === 0 && !(queue && queue.waiting + queue.away > 0)) return null;
  return (
    <div
      className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200"
      data-testid="opening-now"
    >
      <span className="font-semibold tabular-nums">{texts.startsPerSecond({ perSecond: startsPerSecond })}</span>
      {queue && <span className="tabular-nums">{texts.queue({ waiting: queue.waiting, inFlight: queue.inFlight, away: queue.away })}</span>}
    </div>
  );
}

/** Per test whose check-in has begun, per region: the pupils who paid and those checked in. */
function CheckIns({ board }: { board: Board }) {
  const texts = useOrganiserMessages().board;
  const messages = useMessages();
  const local = useLocalName();
  const order = byName(useLocale());
  if (board.checkIns.length === 0) return null;
  const names = new Map(board.tests.map((row) => [row.testId, gradeAndSubject(messages, row.grade, local(row.subjectName))]));
  // Each test's regions as the reader's language sorts their names.
  const rows = board.checkIns.map((row) => ({ ...row, name: local(row.regionName) })).sort((a, b) => a.testId - b.testId || order(a, b));
  return (
    <Card size="panel" as="section" aria-labelledby="check-ins-title" data-testid="check-ins">
      <h2 id="check-ins-title" className="font-semibold text-slate-900">
        {texts.checkIns}
      </h2>
      <p className="mt-1 text-xs text-slate-500">{texts.checkInsLead}</p>
      <ScrollRegion className="mt-3">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">{texts.subject}</th>
              <th className="py-1 pr-3 font-medium">{texts.region}</th>
              <th className="py-1 pr-3 text-right font-medium">{texts.paid}</th>
              <th className="py-1 text-right font-medium">{texts.checkedIn}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.testId}-${row.regionId}`} className="border-t border-slate-100">
                <td className="py-1 pr-3">{names.get(row.testId)}</td>
                <td className="py-1 pr-3">{row.name}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{row.paid}</td>
                <td className="py-1 text-right font-semibold tabular-nums">{row.checkedIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}

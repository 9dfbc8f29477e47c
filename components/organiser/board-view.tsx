// The day's board: one tile per subject and grade, refreshed every 5 s without a reload; today's
// tests only, at a tick.
"use client";

import { useState } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DIFFICULTY_NAMES } from "@/lib/attempts/scoring";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import type { BoardRow } from "@/lib/organiser/board";
import { formatTashkent, isoDateOf, tashkentDate } from "@/lib/time";
import { type Board, useBoard } from "./queries";

const t = uzOrganiser.board;

const stateTone = {
  open: "bg-green-100 text-green-800",
  notOpen: "bg-amber-100 text-amber-800",
  closed: "bg-slate-200 text-slate-700",
  none: "bg-red-100 text-red-800",
};

const COUNTS = ["registered", "paid", "signedIn", "started", "inProgress", "ended", "blocked"] as const;

function BankCell({ row }: { row: BoardRow }) {
  const parts = DIFFICULTY_NAMES.map((d) => {
    const short = row.needed !== null && row.bank[d] < row.needed[d];
    return (
      <span key={d} className={cn("tabular-nums", short && "font-semibold text-red-700")} title={short ? t.short : undefined}>
        {row.bank[d]}
        {row.needed && <span className="text-slate-400">/{row.needed[d]}</span>}
      </span>
    );
  });
  return <span className="inline-flex gap-2">{parts}</span>;
}

/** The test's window takes in today (in Tashkent, by the server's clock). */
function isToday(row: BoardRow, serverTime: string): boolean {
  if (!row.openedAt || !row.closedAt) return false;
  const today = isoDateOf(tashkentDate(serverTime))!;
  return isoDateOf(tashkentDate(row.openedAt))! <= today && today <= isoDateOf(tashkentDate(row.closedAt))!;
}

export function BoardView({ initial }: { initial: Board }) {
  const { data } = useBoard(initial);
  const [todayOnly, setTodayOnly] = useState(false);
  const rows = todayOnly ? data.tests.filter((row) => isToday(row, data.serverTime)) : data.tests;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4" checked={todayOnly} onChange={(event) => setTodayOnly(event.target.checked)} />
          {t.todayOnly}
        </label>
        <p className="text-xs text-slate-500" data-testid="board-updated">
          {t.updatedAt(formatTashkent(data.serverTime, { seconds: true }))}
        </p>
      </div>
      {rows.length === 0 && <p className="py-6 text-center text-slate-500">{t.noneToday}</p>}
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {rows.map((row) => {
          const state = row.state ?? "none";
          return (
            <Card
              key={row.subjectId}
              size="panel"
              as="section"
              data-testid={`board-${row.subjectId}`}
              aria-label={`${row.grade}-sinf, ${row.subjectName}`}
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  {row.grade}-sinf, {row.subjectName}
                </h2>
                <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold", stateTone[state])} data-testid="board-state">
                  {t.states[state]}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {row.openedAt ? `${formatTashkent(row.openedAt)} — ${formatTashkent(row.closedAt)}` : t.states.none}
              </p>
              <p className="mt-1 text-xs text-slate-600">
                {t.bank}: <BankCell row={row} />
              </p>
              <dl className="mt-3 grid grid-cols-4 gap-x-2 gap-y-2 text-center sm:grid-cols-7 md:grid-cols-4 xl:grid-cols-4">
                {COUNTS.map((key) => (
                  <div key={key} className="rounded-lg bg-slate-50 px-1 py-1.5">
                    <dt className="text-[11px] leading-tight text-slate-500">{t.counts[key]}</dt>
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
    </div>
  );
}

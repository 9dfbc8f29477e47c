// The seasons, newest first, each a card: its registration period, fee, offer version, camp and registrations; which
// one takes registrations (moved with a reason), a season's settings edited, and the next one made.
"use client";

import { useState } from "react";
import { ReasonAction } from "@/components/console/reason-action";
import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { SeasonRow } from "@/lib/seasons/console";
import { api } from "@/shared/http/client";
import { wholeNumber } from "@/shared/i18n/numbers";
import type { BankExposure as Exposure } from "@/shared/seasons/exposure";
import { dateTextOf } from "@/shared/time";
import { BankExposure } from "./bank-exposure";
import { SeasonForm, seasonValues } from "./season-form";

const period = (from: string | null, to: string | null, none: string) =>
  from && to ? `${dateTextOf(from)} — ${dateTextOf(to)}` : from ? dateTextOf(from) : none;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

/** `exposure`: the newest season's bank, as the next season would take it over. */
export function SeasonsView({ items, exposure }: { items: SeasonRow[]; exposure: Exposure[] }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const texts = messages.seasons;
  // Which season's settings are open for editing, or "new" for the next season's.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const editedSeason = items.find((s) => s.seasonId === editing) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label={texts.title}>
        {items.map((season) => (
          <li key={season.seasonId}>
            <Card size="panel" as="section" data-testid={`season-${season.year}`} aria-labelledby={`season-${season.seasonId}`}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id={`season-${season.seasonId}`} className="text-lg font-bold text-slate-900">
                  {season.year}
                  {season.title !== String(season.year) && <span className="font-normal text-slate-700"> · {season.title}</span>}
                </h2>
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold ${season.takingRegistrations ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
                >
                  {season.takingRegistrations ? texts.taking : season.closed ? texts.notTaking : texts.preparing}
                </span>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
                <Fact label={texts.period} value={period(season.registrationOpens, season.registrationCloses, texts.none)} />
                <Fact label={texts.fee} value={wholeNumber(locale, season.feeSom)} />
                <Fact
                  label={texts.camp}
                  value={[period(season.campStarts, season.campEnds, texts.none), season.campPlace].filter(Boolean).join(", ")}
                />
                <Fact label={texts.offer} value={String(season.offerVersion)} />
                <Fact label={texts.registrations} value={wholeNumber(locale, season.registrations)} />
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">
                {!season.takingRegistrations && (
                  <ReasonAction
                    compact
                    testId={`take-registrations-${season.year}`}
                    label={texts.takeRegistrations}
                    done={texts.moved({ year: season.year })}
                    run={async ({ reason }) => {
                      await api(`/admin/seasons/${season.seasonId}/registrations`, { method: "POST", body: { reason } });
                      return undefined;
                    }}
                  />
                )}
                <Button
                  variant="secondary"
                  size="compact"
                  onClick={() => setEditing(season.seasonId)}
                  data-testid={`edit-season-${season.year}`}
                >
                  {texts.edit}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing("new")} data-testid="new-season">
            {texts.add}
          </Button>
        </div>
      ) : (
        <Card size="panel" as="section">
          <h2 className="mb-3 font-semibold">{editing === "new" ? texts.add : `${texts.edit}: ${editedSeason?.year}`}</h2>
          {editing === "new" && items[0] && <BankExposure year={items[0].year} subjects={exposure} />}
          <SeasonForm
            key={String(editing)}
            testId="season-form"
            seasonId={editing === "new" ? null : editing}
            initial={editing === "new" ? seasonValues(items[0] ?? null, { next: true }) : seasonValues(editedSeason)}
            onDone={() => setEditing(null)}
          />
        </Card>
      )}
    </div>
  );
}

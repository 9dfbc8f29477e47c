// The seasons: each with its registration period, fee, offer version, camp and registrations; which
// one takes registrations (moved with a reason), a season's settings edited, and the next one made.
"use client";

import { useState } from "react";
import { ReasonAction } from "@/components/console/reason-action";
import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ScrollRegion, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { SeasonRow } from "@/lib/seasons/console";
import { api } from "@/shared/http/client";
import { wholeNumber } from "@/shared/i18n/numbers";
import { dateTextOf } from "@/shared/time";
import { SeasonForm, seasonValues } from "./season-form";

const period = (from: string | null, to: string | null, none: string) =>
  from && to ? `${dateTextOf(from)} — ${dateTextOf(to)}` : from ? dateTextOf(from) : none;

export function SeasonsView({ items }: { items: SeasonRow[] }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const texts = messages.seasons;
  // Which season's settings are open for editing, or "new" for the next season's.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const editedSeason = items.find((s) => s.seasonId === editing) ?? null;

  return (
    <div className="flex flex-col gap-4">
      <ScrollRegion label={texts.title}>
        <Table data-testid="seasons-table">
          <THead>
            <tr>
              <TH>{texts.year}</TH>
              <TH>{texts.seasonTitle}</TH>
              <TH>{texts.period}</TH>
              <TH>{texts.fee}</TH>
              <TH>{texts.camp}</TH>
              <TH>{texts.offer}</TH>
              <TH>{texts.registrations}</TH>
              <TH />
            </tr>
          </THead>
          <TBody>
            {items.map((season) => (
              <TR key={season.seasonId} data-testid={`season-${season.year}`}>
                <TD className="font-semibold">{season.year}</TD>
                <TD>{season.title}</TD>
                <TD className="whitespace-nowrap">{period(season.registrationOpens, season.registrationCloses, texts.none)}</TD>
                <TD className="whitespace-nowrap">{wholeNumber(locale, season.feeSom)}</TD>
                <TD>
                  <span className="whitespace-nowrap">{period(season.campStarts, season.campEnds, texts.none)}</span>
                  {season.campPlace && <span className="block text-xs text-slate-600">{season.campPlace}</span>}
                </TD>
                <TD>{season.offerVersion}</TD>
                <TD>{season.registrations}</TD>
                <TD>
                  <div className="flex flex-wrap gap-2">
                    {season.takingRegistrations ? (
                      <span className="rounded bg-green-100 px-2 py-1 text-xs font-semibold text-green-800">{texts.taking}</span>
                    ) : (
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
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </ScrollRegion>
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing("new")} data-testid="new-season">
            {texts.add}
          </Button>
        </div>
      ) : (
        <Card size="panel" as="section">
          <h2 className="mb-3 font-semibold">{editing === "new" ? texts.add : `${texts.edit}: ${editedSeason?.year}`}</h2>
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

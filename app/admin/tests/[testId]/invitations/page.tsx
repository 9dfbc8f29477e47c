// A test's invitations to the camp: the counts per district (confirmed, waiting, declined, expired,
// from the reserve), how many families the events reached, every invited pupil with the family's
// answer, and the camp's XLSX.
import { notFound } from "next/navigation";
import { BackLink } from "@/components/console/back-link";
import { PageHeader } from "@/components/console/page-header";
import { Card } from "@/components/ui/card";
import { ScrollRegion, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocalName, getMessages } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { roster } from "@/lib/invitations/roster";
import { resultsTests } from "@/lib/results/ranking";
import { testSeason } from "@/lib/seasons/console-season";
import { testIdParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.invitations.title);

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<{ from?: string }> };

const COUNTS = ["confirmed", "invited", "declined", "expired", "fromReserve"] as const;

export default async function InvitationsPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const origin = originOf((await searchParams).from);
  const testId = route.testId;
  const at = now();
  const [status, list, { season, tests }, organiserMessages, messages, local] = await Promise.all([
    listStatus(db, testId, at).then((found) => found ?? notFound()),
    roster(testId, at),
    testSeason(testId, (id) => withOrigin(`/admin/tests/${id}/invitations`, origin)).then(async (season) => ({
      season,
      tests: await resultsTests(season?.seasonId),
    })),
    getOrganiserMessages(),
    getMessages(),
    getLocalName(),
  ]);
  const texts = organiserMessages.invitations;
  const test = tests.find((t) => t.testId === testId);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={texts.title}
        lead={texts.lead({ test: test ? gradeAndSubject(messages, test.grade, local(test.subjectName)) : `#${testId}` })}
        season={season ?? undefined}
      >
        <BackLink origin={origin} testId={testId} />
        <a
          href={`/api/admin/tests/${testId}/invitations/export`}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
          data-testid="invitations-download"
        >
          {texts.download}
        </a>
      </PageHeader>
      {!status.public || list.rows.length === 0 ? (
        <p
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="invitations-not-told"
        >
          {texts.notTold}
        </p>
      ) : null}
      <p className="mb-4 text-sm font-medium text-slate-900" data-testid="families-told">
        {texts.families(list.families)}
      </p>
      <Card as="section" size="panel" className="mb-4" aria-labelledby="invitations-districts">
        <h2 id="invitations-districts" className="mb-2 text-base font-semibold text-slate-900">
          {texts.districtsTitle}
        </h2>
        <ScrollRegion label={texts.districtsTitle}>
          <Table data-testid="invitations-districts">
            <THead>
              <TR>
                <TH>{texts.columns.district}</TH>
                {COUNTS.map((count) => (
                  <TH key={count} className="text-right">
                    {texts.counts[count]}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {list.districts.map((d) => (
                <TR key={String(d.districtId)} data-testid="invitations-district">
                  <TD>{d.districtName ? local(d.districtName) : "—"}</TD>
                  {COUNTS.map((count) => (
                    <TD key={count} className="text-right tabular-nums" data-count={count}>
                      {d[count]}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </ScrollRegion>
      </Card>
      <Card as="section" size="panel" aria-labelledby="invitations-rows">
        <h2 id="invitations-rows" className="mb-2 text-base font-semibold text-slate-900">
          {texts.rowsTitle} ({list.rows.length})
        </h2>
        {list.rows.length === 0 ? (
          <p className="text-sm text-slate-700">{texts.none}</p>
        ) : (
          <ScrollRegion label={texts.rowsTitle}>
            <Table data-testid="invitations-rows">
              <THead>
                <TR>
                  <TH>{texts.columns.fullName}</TH>
                  <TH>{texts.columns.district}</TH>
                  <TH>{texts.columns.school}</TH>
                  <TH className="text-right">{texts.columns.rank}</TH>
                  <TH>{texts.columns.state}</TH>
                  <TH>{texts.columns.deadline}</TH>
                  <TH>{texts.columns.answeredAt}</TH>
                </TR>
              </THead>
              <TBody>
                {list.rows.map((r) => (
                  <TR key={r.userId} data-testid="invitation-row" data-state={r.state}>
                    <TD className="font-medium">{r.fullName}</TD>
                    <TD>{r.districtName ? local(r.districtName) : "—"}</TD>
                    <TD>{r.schoolName ?? "—"}</TD>
                    <TD className="text-right tabular-nums">{r.rank}</TD>
                    <TD>
                      {texts.states[r.state]}
                      {r.fromReserve ? ` (${texts.fromReserve})` : ""}
                    </TD>
                    <TD className="whitespace-nowrap">{formatTashkent(r.deadlineAt)}</TD>
                    <TD className="whitespace-nowrap">{r.answeredAt ? formatTashkent(r.answeredAt) : "—"}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </ScrollRegion>
        )}
      </Card>
    </div>
  );
}

import Link from "next/link";
import { BackLink } from "@/components/console/back-link";
import { PageHeader } from "@/components/console/page-header";
import { ScreeningRunButton } from "@/components/integrity/screening-actions";
import { PairDecisionText, pValue } from "@/components/integrity/screening-words";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale, getLocalName } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { screeningOf } from "@/lib/integrity/decisions";
import { testSeason } from "@/lib/seasons/console-season";
import { testIdParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { decimal, points } from "@/shared/i18n/numbers";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.screening.title);

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<{ from?: string }> };

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

export default async function ScreeningPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const origin = originOf((await searchParams).from);
  const [{ run, pairs }, season, messages, locale, local] = await Promise.all([
    screeningOf(route.testId),
    testSeason(route.testId, (id) => withOrigin(`/admin/tests/${id}/screening`, origin)),
    getOrganiserMessages(),
    getLocale(),
    getLocalName(),
  ]);
  const texts = messages.screening;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} season={season ?? undefined}>
        <BackLink origin={origin} testId={route.testId} />
        <ScreeningRunButton testId={route.testId} />
      </PageHeader>
      {run === null ? (
        <p
          role="status"
          className="mb-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
          data-testid="screening-never"
        >
          {texts.never}
        </p>
      ) : (
        <div className="mb-3 space-y-1 text-sm text-slate-700" data-testid="screening-summary">
          <p>
            {texts.summary({
              when: formatTashkent(run.ranAt),
              attempts: run.attempts,
              pairs: run.pairs,
              tested: run.tested,
              minShared: run.options.minShared,
              listed: run.listed,
            })}
          </p>
          <p className="text-xs text-slate-600">{texts.rules({ fdr: decimal(locale, run.options.fdr * 100, 1) })}</p>
        </div>
      )}
      {run !== null && (
        <Table data-testid="screening-pairs">
          <THead>
            <tr>
              <TH>{texts.pair}</TH>
              {/* The figures' headers wrap, so that every column fits beside the console's menu. */}
              {[texts.shared, texts.matches, texts.identicalWrong, texts.together, texts.q].map((label) => (
                <TH key={label} className="min-w-24 whitespace-normal text-right">
                  {label}
                </TH>
              ))}
              <TH>{texts.decision}</TH>
            </tr>
          </THead>
          <TBody>
            {pairs.length === 0 && <EmptyRow columns={7}>{texts.none}</EmptyRow>}
            {pairs.map(({ evidence, a, b, decision }) => (
              <TR key={`${evidence.attemptA}-${evidence.attemptB}`} data-testid={`pair-${evidence.attemptA}-${evidence.attemptB}`}>
                <TD className="min-w-56">
                  <Link
                    href={withOrigin(`/admin/tests/${route.testId}/screening/${evidence.attemptA}-${evidence.attemptB}`, origin)}
                    className="font-medium text-primary-700 underline-offset-2 hover:underline"
                  >
                    {a?.fullName ?? `#${evidence.attemptA}`} — {b?.fullName ?? `#${evidence.attemptB}`}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {[
                      ...new Set([a?.schoolName, b?.schoolName].filter((name): name is string => Boolean(name)).map(local)),
                      a && b ? `${points(locale, a.totalScore)} / ${points(locale, b.totalScore)}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    {evidence.reasons.map((reason) => (
                      <span
                        key={reason}
                        className={`${badge} ${reason === "group" ? "bg-slate-100 text-slate-700" : "bg-amber-100 text-amber-900"}`}
                      >
                        {texts.reasons[reason]}
                      </span>
                    ))}
                  </span>
                </TD>
                <TD className="text-right tabular-nums">{evidence.shared}</TD>
                <TD className="text-right tabular-nums">
                  {evidence.matches}
                  <span className="block text-xs text-slate-500">{decimal(locale, evidence.expected, 1)}</span>
                </TD>
                <TD className="text-right tabular-nums">{evidence.identicalWrong}</TD>
                <TD className="text-right tabular-nums">
                  {evidence.together}
                  <span className="block text-xs text-slate-500">{decimal(locale, evidence.timingExpected, 1)}</span>
                </TD>
                <TD className="text-right tabular-nums">{evidence.q === null ? "—" : pValue(locale, evidence.q)}</TD>
                <TD className="min-w-32 text-sm">
                  <PairDecisionText decision={decision} names={{ a: a?.fullName ?? "", b: b?.fullName ?? "" }} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { SaveTimeline } from "@/components/screening/save-timeline";
import { DecisionForm } from "@/components/screening/screening-actions";
import { PairDecisionText, pValue } from "@/components/screening/screening-words";
import { Card } from "@/components/ui/card";
import { TypesetText } from "@/components/ui/typeset-text";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale, getLocalName } from "@/lib/i18n/server";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { evidenceSheet, type PairPupil } from "@/lib/integrity/decisions";
import { screeningPairParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { decimal, points } from "@/shared/i18n/numbers";
import { formatTashkent } from "@/shared/time";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getOrganiserMessages()).screening.sheetTitle };
}

type Props = { params: Promise<{ testId: string; pair: string }>; searchParams: Promise<{ from?: string }> };

const LETTERS = "ABCDEFGH";

/** Which pupil of the pair a line is about: A (the lower attempt id, blue) or B (violet), as on their cards and the timeline. */
function PupilMark({ who }: { who: "A" | "B" }) {
  return (
    <span
      className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${who === "A" ? "bg-blue-700" : "bg-violet-600"}`}
    >
      {who}
    </span>
  );
}

export default async function EvidenceSheetPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, screeningPairParams);
  const origin = originOf((await searchParams).from);
  const [attemptA, attemptB] = route.pair;
  const [sheet, messages, locale, local] = await Promise.all([
    foundOr404(evidenceSheet(route.testId, attemptA, attemptB)),
    getOrganiserMessages(),
    getLocale(),
    getLocalName(),
  ]);
  const texts = messages.screening;
  const { evidence, a, b, decision } = sheet.pair;
  const nameOf = (pupil: PairPupil | null, id: number) => pupil?.fullName ?? `#${id}`;
  const names = { a: nameOf(a, attemptA), b: nameOf(b, attemptB) };
  const choiceText = (choice: { choice: string | null; letter: number | null }) =>
    choice.choice === null ? (
      <span className="text-slate-500">{texts.notAnswered}</span>
    ) : (
      <span className="flex gap-1">
        <span className="font-semibold">{choice.letter === null ? "" : `${LETTERS[choice.letter]})`}</span>
        <TypesetText html={choice.choice} className="text-sm" />
      </span>
    );
  const matching = new Set(sheet.questions.filter((q) => q.match && q.a.choice !== null).map((q) => q.questionId));

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader title={texts.sheetTitle} lead={texts.sheetLead}>
        <Link
          href={withOrigin(`/admin/tests/${route.testId}/screening`, origin)}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        >
          {texts.backToList}
        </Link>
      </PageHeader>

      <div className="grid gap-3 md:grid-cols-2" data-testid="pair-pupils">
        {[
          { pupil: a, id: attemptA, who: "A" as const, accent: "border-l-blue-700" },
          { pupil: b, id: attemptB, who: "B" as const, accent: "border-l-violet-600" },
        ].map(({ pupil, id, who, accent }) => (
          <Card key={id} size="panel" className={`border-l-4 ${accent}`}>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <PupilMark who={who} />
              {nameOf(pupil, id)}
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">{texts.login}</dt>
              <dd className="font-mono">{pupil?.username ?? "—"}</dd>
              <dt className="text-slate-600">{texts.school}</dt>
              <dd>
                {[pupil?.schoolName, pupil?.districtName]
                  .filter((x): x is string => Boolean(x))
                  .map(local)
                  .join(", ") || "—"}
              </dd>
              <dt className="text-slate-600">{texts.score}</dt>
              <dd className="tabular-nums">{pupil ? points(locale, pupil.totalScore) : "—"}</dd>
              <dt className="text-slate-600">{texts.rank}</dt>
              <dd>{pupil?.rank ?? (pupil?.excluded ? messages.results.excluded[pupil.excluded] : "—")}</dd>
            </dl>
          </Card>
        ))}
      </div>

      <Card size="panel" as="section" aria-labelledby="statistics-title" data-testid="pair-statistics">
        <h2 id="statistics-title" className="text-lg font-semibold">
          {texts.statistics}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>
            {texts.shared}: {evidence.shared}
          </li>
          <li>
            {texts.omega({
              observed: evidence.matches,
              expected: decimal(locale, evidence.expected, 1),
              omega: decimal(locale, evidence.omega, 2),
              p: pValue(locale, evidence.pOmega),
            })}
          </li>
          <li>
            {texts.identicalWrong}: {evidence.identicalWrong}
          </li>
          <li>
            {texts.timing({
              observed: evidence.together,
              expected: decimal(locale, evidence.timingExpected, 1),
              p: pValue(locale, evidence.pTiming),
            })}
            <span className="block text-xs text-slate-600">
              {texts.closeAndChanges({ close: evidence.closeMatches, changes: evidence.sameChanges })}
            </span>
            {sheet.order.pairs > 0 && (
              <span className="block text-xs text-slate-600" data-testid="same-order">
                {texts.sameOrder(sheet.order)}
              </span>
            )}
          </li>
          <li className="font-medium">
            {evidence.p === null || evidence.q === null
              ? texts.notTested
              : texts.combined({
                  p: pValue(locale, evidence.p),
                  q: pValue(locale, evidence.q),
                  fdr: decimal(locale, sheet.options.fdr, 2),
                })}
          </li>
        </ul>
        <h3 className="mt-3 text-sm font-semibold text-slate-800">{texts.overlaps}</h3>
        <p className="text-sm text-slate-800" data-testid="pair-overlaps">
          {sheet.overlaps.devices === 0 && sheet.overlaps.addresses.length === 0
            ? texts.noOverlap
            : [
                sheet.overlaps.devices > 0 ? texts.devices({ n: sheet.overlaps.devices }) : null,
                sheet.overlaps.addresses.length > 0 ? texts.addresses({ list: sheet.overlaps.addresses.join(", ") }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
        </p>
      </Card>

      <Card size="panel" as="section">
        <SaveTimeline
          a={sheet.timelines.a}
          b={sheet.timelines.b}
          matching={matching}
          labels={{
            a: texts.timelineOf({ name: names.a, n: sheet.timelines.a.length }),
            b: texts.timelineOf({ name: names.b, n: sheet.timelines.b.length }),
            axis: texts.timeline,
            minutes: (n) => texts.minutes({ n }),
          }}
        />
      </Card>

      <section aria-labelledby="questions-title">
        <h2 id="questions-title" className="mb-2 text-lg font-semibold">
          {texts.questions}
        </h2>
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200" data-testid="pair-questions">
          {sheet.questions.map((q) => (
            <li
              key={q.questionId}
              className={`grid gap-2 p-3 md:grid-cols-[7rem_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:gap-4 ${q.identicalWrong ? "bg-red-50" : q.match ? "bg-amber-50/60" : ""}`}
              data-testid={`pair-question-${q.questionId}`}
            >
              <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-xs text-slate-600 md:flex-col">
                <span className="tabular-nums">
                  <PupilMark who="A" /> № {q.a.number}
                </span>
                <span className="tabular-nums">
                  <PupilMark who="B" /> № {q.b.number}
                </span>
                {q.identicalWrong ? (
                  <span className="font-semibold text-red-800">{texts.sameWrong}</span>
                ) : q.match ? (
                  <span className="font-semibold text-amber-900">{texts.same}</span>
                ) : null}
              </div>
              <TypesetText html={q.text} className="text-sm leading-relaxed" />
              {(["a", "b"] as const).map((who) => (
                <div key={who} className={`flex gap-2 text-sm ${q[who].correct ? "text-green-800" : ""}`}>
                  <PupilMark who={who === "a" ? "A" : "B"} />
                  {choiceText(q[who])}
                </div>
              ))}
            </li>
          ))}
        </ol>
      </section>

      {decision && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="last-decision">
          <PairDecisionText decision={decision} names={names} />
          {" — "}
          {texts.lastDecision({ when: formatTashkent(decision.decidedAt), who: decision.organiser, reason: decision.reason })}
        </p>
      )}
      <DecisionForm attemptA={attemptA} attemptB={attemptB} names={names} />
    </div>
  );
}

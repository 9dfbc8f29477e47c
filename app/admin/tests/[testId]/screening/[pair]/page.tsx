import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { PairPupils } from "@/components/integrity/pair-pupils";
import { PairQuestions } from "@/components/integrity/pair-questions";
import { PairStatistics } from "@/components/integrity/pair-statistics";
import { SaveTimeline } from "@/components/integrity/save-timeline";
import { DecisionForm } from "@/components/integrity/screening-actions";
import { PairDecisionText } from "@/components/integrity/screening-words";
import { Card } from "@/components/ui/card";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { evidenceSheet, type PairPupil } from "@/lib/integrity/decisions";
import { testSeason } from "@/lib/seasons/console-season";
import { screeningPairParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.screening.sheetTitle);

type Props = { params: Promise<{ testId: string; pair: string }>; searchParams: Promise<{ from?: string }> };

export default async function EvidenceSheetPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, screeningPairParams);
  const origin = originOf((await searchParams).from);
  const [attemptA, attemptB] = route.pair;
  const [sheet, season, messages] = await Promise.all([
    foundOr404(evidenceSheet(route.testId, attemptA, attemptB)),
    testSeason(route.testId, (id) => withOrigin(`/admin/tests/${id}/screening`, origin)),
    getOrganiserMessages(),
  ]);
  const texts = messages.screening;
  const { a, b, decision } = sheet.pair;
  const nameOf = (pupil: PairPupil | null, id: number) => pupil?.fullName ?? `#${id}`;
  const names = { a: nameOf(a, attemptA), b: nameOf(b, attemptB) };
  const matching = new Set(sheet.questions.filter((q) => q.match && q.a.choice !== null).map((q) => q.questionId));

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader title={texts.sheetTitle} lead={texts.sheetLead} season={season ?? undefined}>
        <Link
          href={withOrigin(`/admin/tests/${route.testId}/screening`, origin)}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        >
          {texts.backToList}
        </Link>
      </PageHeader>

      <PairPupils a={a} b={b} ids={[attemptA, attemptB]} />

      <PairStatistics sheet={sheet} />

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

      <PairQuestions questions={sheet.questions} />

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

import { notFound } from "next/navigation";
import { QuestionAppealsSection } from "@/components/appeals/question-appeals";
import { ResultAppeals } from "@/components/appeals/result-appeals";
import { BackLink } from "@/components/console/back-link";
import { PageHeader } from "@/components/console/page-header";
import { FinaliseButton } from "@/components/final-list/finalise-dialog";
import { ListStatusBox } from "@/components/final-list/list-status";
import { testAppeals } from "@/lib/appeals/appeals";
import { now } from "@/lib/clock";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { listStatus } from "@/lib/final-list/final";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale, getLocalName, getMessages } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { resultsTests } from "@/lib/results/ranking";
import { testSeason } from "@/lib/seasons/console-season";
import { itemStatistics } from "@/lib/statistics/items";
import { testIdParams } from "@/lib/subject-tests/schema";
import { originOf, withOrigin } from "@/shared/console/origin";
import { gradeAndSubject } from "@/shared/i18n/words";

export const generateMetadata = consoleTitle((messages) => messages.appeals.title);

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<{ from?: string }> };

export default async function AppealsPage({ params, searchParams }: Props) {
  const { params: route } = await organiserPage(params, testIdParams);
  const origin = originOf((await searchParams).from);
  const testId = route.testId;
  const at = now();
  const [status, appeals, { season, tests }, organiserMessages, messages, locale, local] = await Promise.all([
    listStatus(db, testId, at).then((found) => found ?? notFound()),
    testAppeals(testId),
    // The test's own season: its grade and subject are named from that season's tests.
    testSeason(testId, (id) => withOrigin(`/admin/tests/${id}/appeals`, origin)).then(async (season) => ({
      season,
      tests: await resultsTests(season?.seasonId),
    })),
    getOrganiserMessages(),
    getMessages(),
    getLocale(),
    getLocalName(),
  ]);
  // The report of issue 30, for the appealed questions' figures: read only when a question is appealed.
  const stats = appeals.questions.length > 0 ? await itemStatistics({ testId, now: at }) : null;
  const texts = organiserMessages.appeals;
  const test = tests.find((t) => t.testId === testId);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={texts.title}
        lead={texts.lead({ test: test ? gradeAndSubject(messages, test.grade, local(test.subjectName)) : `#${testId}` })}
        season={season ?? undefined}
      >
        <BackLink origin={origin} testId={testId} />
        <FinaliseButton testId={testId} />
      </PageHeader>
      <ListStatusBox testId={testId} origin={origin} status={status} workingDays={config().appeals.workingDays} now={at} />
      <section aria-labelledby="question-appeals-title">
        <h2 id="question-appeals-title" className="mb-2 text-lg font-semibold text-slate-900">
          {texts.questionsTitle} ({appeals.questions.length})
        </h2>
        {appeals.questions.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="no-question-appeals">
            {texts.noQuestions}
          </p>
        ) : (
          <div className="grid gap-4">
            {appeals.questions.map((question) => (
              <QuestionAppealsSection
                key={question.questionId}
                testId={testId}
                origin={origin}
                question={question}
                item={stats?.items.find((item) => item.questionId === question.questionId)}
                locale={locale}
                seenAt={at.toISOString()}
              />
            ))}
          </div>
        )}
      </section>
      <ResultAppeals testId={testId} appeals={appeals.results} seenAt={at.toISOString()} />
    </div>
  );
}

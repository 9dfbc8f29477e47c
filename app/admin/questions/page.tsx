import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { SearchButton } from "@/components/console/search-form";
import { SubmitOnChange } from "@/components/console/submit-on-change";
import { QuestionCard } from "@/components/questions/question-card";
import { QuestionImport } from "@/components/questions/question-import";
import { Field, Input } from "@/components/ui/field";
import { consolePageWords, consoleTitle } from "@/lib/i18n/organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { listQuestions, QUESTIONS_PAGE_SIZE } from "@/lib/questions/bank";
import { questionsQuery } from "@/lib/questions/schema";
import { listSubjects } from "@/lib/reference/queries";
import { consoleSeason } from "@/lib/seasons/console-season";
import { type SearchPageProps, searchOf } from "@/lib/validation/queries";
import { gradeAndSubject } from "@/shared/i18n/words";

export const generateMetadata = consoleTitle((messages) => messages.questions.title);

export default async function QuestionsPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const { organiserMessages, messages, local, locale } = await consolePageWords();
  const [texts, common] = [organiserMessages.questions, organiserMessages.common];
  const asked = searchOf(questionsQuery, await searchParams);
  const season = await consoleSeason();
  const subjects = await listSubjects({ locale, seasonId: season.seasonId });
  // The bank opens on a subject (the first one) rather than on nothing.
  const search = { ...asked, subjectId: asked.subjectId ?? subjects[0]?.subjectId };
  const bank = search.subjectId ? await listQuestions({ ...search, subjectId: search.subjectId }) : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader title={texts.title} lead={texts.lead} help={organiserMessages.help.questions} season={season} />
      <form method="get" className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto]">
        <Field id="subjectId" label={texts.subject}>
          <SubmitOnChange id="subjectId" name="subjectId" defaultValue={search.subjectId ?? ""}>
            {subjects.map((s) => (
              <option key={s.subjectId} value={s.subjectId}>
                {gradeAndSubject(messages, s.grade, local(s.name))}
              </option>
            ))}
          </SubmitOnChange>
        </Field>
        <Field id="difficulty" label={texts.difficulty}>
          <SubmitOnChange id="difficulty" name="difficulty" defaultValue={search.difficulty ?? ""}>
            <option value="">{common.all}</option>
            {([1, 2, 3] as const).map((d) => (
              <option key={d} value={d}>
                {texts.difficultyOf[d]}
              </option>
            ))}
          </SubmitOnChange>
        </Field>
        <Field id="q" label={common.search}>
          <Input id="q" name="q" type="search" defaultValue={search.q} maxLength={100} />
        </Field>
        <SearchButton label={common.search} />
      </form>
      {search.subjectId && bank ? (
        <>
          <QuestionImport subjectId={search.subjectId} />
          <div className="flex flex-col gap-3" data-testid="question-list">
            {bank.items.length === 0 && <p className="py-6 text-center text-slate-500">{common.none}</p>}
            {bank.items.map((q) => (
              <QuestionCard
                key={q.questionId}
                question={q}
                regradeHref={bank.testId === null ? undefined : `/admin/tests/${bank.testId}/items#item-${q.questionId}`}
              />
            ))}
          </div>
          <Pagination page={search.page ?? 1} pageSize={QUESTIONS_PAGE_SIZE} total={bank.total} search={{ ...search, page: undefined }} />
        </>
      ) : (
        <p className="py-6 text-center text-slate-500">{texts.chooseSubject}</p>
      )}
    </div>
  );
}

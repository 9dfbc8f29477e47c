import { PageHeader } from "@/components/console/page-header";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TypesetText } from "@/components/ui/typeset-text";
import { AppError } from "@/lib/http/errors";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getMessages } from "@/lib/i18n/server";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { previewPaper } from "@/lib/subject-tests/preview";
import { previewParams } from "@/lib/subject-tests/schema";
import { STUDY_LANGUAGES } from "@/shared/attempts/enums";

export const generateMetadata = consoleTitle((messages) => messages.preview.title);
// Every look is a new draw.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ testId: string }>; searchParams: Promise<{ language?: string }> };

const letter = (index: number) => String.fromCharCode(65 + index);

export default async function TestPreviewPage({ params, searchParams }: Props) {
  // The test's address and the language asked for (`?language=1`: as a Russian-speaking pupil draws it).
  const both = Promise.all([params, searchParams]).then(([route, query]) => ({ ...route, ...query }));
  const { params: route } = await organiserPage(both, previewParams);
  const { testId, language } = route;
  const [messages, organiserMessages] = await Promise.all([getMessages(), getOrganiserMessages()]);
  const [texts, attemptTexts] = [organiserMessages.preview, messages.attempt];
  const paper = await foundOr404(previewPaper({ testId, language })).catch((error: unknown) => {
    if (error instanceof AppError) return error.message; // a bank too short for the test, as a pupil would be told
    throw error;
  });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <PageHeader
        title={texts.title}
        lead={
          typeof paper === "string"
            ? texts.lead
            : texts.leadOf({ grade: paper.grade, subject: paper.subjectName, count: paper.durationMinutes })
        }
      >
        <LinkButton variant="secondary" href={`/admin/tests/${testId}/preview?language=${language}`} prefetch={false}>
          {texts.again}
        </LinkButton>
        <LinkButton variant="ghost" href="/admin/tests">
          {texts.back}
        </LinkButton>
      </PageHeader>
      <nav aria-label={messages.registration.language} className="flex flex-wrap gap-2" data-testid="preview-languages">
        {STUDY_LANGUAGES.map((other) => (
          <LinkButton
            key={other}
            variant={other === language ? "primary" : "ghost"}
            href={`/admin/tests/${testId}/preview?language=${other}`}
            prefetch={false}
            aria-current={other === language ? "page" : undefined}
          >
            {messages.registration.languageNames[other]}
          </LinkButton>
        ))}
      </nav>
      {typeof paper === "string" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {paper}
        </p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="preview-questions">
          {paper.questions.map((question) => (
            <li key={question.number}>
              <Card as="article" size="panel" className="sm:p-5">
                <h2 className="mb-3 text-sm font-semibold text-primary-700">
                  {attemptTexts.question({ n: question.number, total: paper.questions.length })}
                </h2>
                {question.readingText && (
                  <details className="mb-3 rounded-lg bg-slate-50 p-2 text-sm">
                    <summary className="cursor-pointer font-medium text-slate-600">{attemptTexts.readingText}</summary>
                    <TypesetText html={question.readingText} className="mt-2 leading-relaxed" />
                  </details>
                )}
                <TypesetText html={question.text} className="text-base leading-relaxed" />
                <ul className="mt-4 flex flex-col gap-2">
                  {question.choices.map((choice, index) => (
                    <li key={choice.id} className="flex min-h-12 items-start gap-3 rounded-lg border-2 border-slate-200 p-3">
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-700">
                        {letter(index)}
                      </span>
                      <TypesetText as="span" html={choice.text} className="min-w-0 flex-1 pt-0.5" />
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

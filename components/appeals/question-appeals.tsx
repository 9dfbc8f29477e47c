// One appealed question: its text and choices (the key marked) in each of its languages, who
// appealed and in which study languages, their words, the decisions made, the form for the
// undecided ones, and beside it (below it on a phone) the question's statistics. A server component.

import { Card } from "@/components/ui/card";
import { RichText } from "@/components/ui/rich-text";
import type { QuestionAppeals } from "@/lib/appeals/appeals";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { ItemStatistics } from "@/lib/statistics/analysis";
import { reasonLanguagesFor } from "@/shared/appeals/console";
import { languagesOf, STUDY_LANGUAGES, type StudyLanguage, textOrFirst } from "@/shared/attempts/enums";
import type { Origin } from "@/shared/console/origin";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { AppealList, DecisionList } from "./console-appeal-list";
import { choiceLetter } from "./console-words";
import { DecisionForm } from "./decision-form";
import { QuestionStatistics } from "./question-statistics";

type Props = {
  testId: number;
  origin: Origin;
  question: QuestionAppeals;
  item: ItemStatistics | undefined;
  locale: Locale;
  seenAt: string;
};

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";
/** Each study language's tag, for the screen reader's voice. */
const LANG: Record<StudyLanguage, string> = { 0: "uz", 1: "ru", 2: "kaa" };

export async function QuestionAppealsSection({ testId, origin, question, item, locale, seenAt }: Props) {
  const messages = await getOrganiserMessages();
  const [texts, languageNames] = [messages.appeals, messages.results.languageNames];
  const [main, ...others] = languagesOf(question.texts);
  const open = question.appeals.filter((a) => a.decisionId === null);
  const undecided = open.length;
  const appealedIn = STUDY_LANGUAGES.map((language) => ({
    language,
    n: question.appeals.filter((a) => a.language === language).length,
  })).filter((l) => l.n > 0);
  const letterOf = (choiceId: number) => choiceLetter(question.choices.findIndex((c) => c.choiceId === choiceId));
  const titleId = `question-${question.questionId}-title`;
  return (
    <Card as="section" size="panel" aria-labelledby={titleId} data-testid="question-appeals" data-question-id={question.questionId}>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <header className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-base font-semibold text-slate-900">
              {texts.question({ id: question.questionId })}
            </h3>
            <span className={`${badge} bg-primary-50 text-primary-800`} data-testid="appealed-by">
              {texts.appealedBy({ n: question.appeals.length })}
            </span>
            {appealedIn.map(({ language, n }) => (
              <span
                key={language}
                className={`${badge} bg-slate-100 text-slate-700`}
                data-testid="appealed-language"
                data-language={language}
              >
                {languageNames[language]}: {n}
              </span>
            ))}
            {undecided > 0 ? (
              <span className={`${badge} bg-amber-100 text-amber-900`} data-testid="undecided">
                {texts.pendingBadge({ n: undecided })}
              </span>
            ) : (
              <span className={`${badge} bg-green-100 text-green-900`}>{texts.allDecided}</span>
            )}
            {question.voidAwards && <span className={`${badge} bg-slate-200 text-slate-800`}>{texts.voided}</span>}
          </header>
          {main === undefined ? null : <QuestionVersion question={question} language={main} />}
          {others.map((language) => (
            <details key={language} className="rounded-lg bg-slate-50 p-2 text-sm ring-1 ring-slate-200">
              <summary className="cursor-pointer font-medium text-slate-700">{texts.textIn({ language: languageNames[language] })}</summary>
              <div className="mt-2">
                <QuestionVersion question={question} language={language} />
              </div>
            </details>
          ))}
          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-900">{texts.appealsList}</h4>
            <AppealList appeals={question.appeals} decisions={question.decisions} letterOf={letterOf} />
          </div>
          {question.decisions.length > 0 && (
            <div>
              <h4 className="mb-2 text-sm font-semibold text-slate-900">{texts.decisionsTitle}</h4>
              <DecisionList decisions={question.decisions} letterOf={letterOf} />
            </div>
          )}
          {undecided > 0 && (
            <DecisionForm
              testId={testId}
              target={{ questionId: question.questionId, seenAt }}
              choices={question.choices.map((c, index) => ({ choiceId: c.choiceId, letter: choiceLetter(index), isCorrect: c.isCorrect }))}
              undecided={undecided}
              languages={reasonLanguagesFor(open.map((a) => a.language))}
            />
          )}
        </div>
        <QuestionStatistics testId={testId} origin={origin} item={item} locale={locale} />
      </div>
    </Card>
  );
}

/** The question's text and choices in one language (a choice missing there: its first language's). */
async function QuestionVersion({ question, language }: { question: QuestionAppeals; language: StudyLanguage }) {
  const texts = (await getOrganiserMessages()).appeals;
  return (
    <div lang={LANG[language]}>
      <RichText html={textOrFirst(question.texts, language)} className="text-sm leading-relaxed text-slate-900" />
      <ol className="mt-3 grid gap-1.5" aria-label={texts.choices}>
        {question.choices.map((choice, index) => (
          <li
            key={choice.choiceId}
            className={`flex min-w-0 items-start gap-2 rounded-lg p-2 text-sm ring-1 ${
              choice.isCorrect ? "bg-green-50 ring-green-300" : "ring-slate-200"
            }`}
            data-testid="choice"
            data-choice-id={choice.choiceId}
            data-correct={choice.isCorrect}
          >
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                choice.isCorrect ? "bg-green-600 text-white" : "bg-slate-100 text-slate-700"
              }`}
            >
              {choiceLetter(index)}
            </span>
            <RichText as="span" html={textOrFirst(choice.texts, language)} className="min-w-0 flex-1 pt-0.5" />
            {choice.isCorrect && <span className="shrink-0 pt-0.5 text-xs font-semibold text-green-800">{texts.correct}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

// A question of the bank as the pupil sees it (HTML, formulas, the reading text), with its key
// marked for the organiser, and "O'chirish" (or, once drawn, "Bankdan chiqarish" and "Qayta baholash");
// an exposed item (seen with its key in an earlier season) says so and is kept in papers or left out.
"use client";

import { useState } from "react";
import { ReasonAction } from "@/components/console/reason-action";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { RichText } from "@/components/ui/rich-text";
import type { BankQuestion } from "@/lib/questions/bank";
import { textIn } from "@/shared/attempts/enums";
import { api } from "@/shared/http/client";
import { QuestionEditForm } from "./question-edit";

const letter = (index: number) => String.fromCharCode(65 + index);

/** regradeHref: where a drawn question's key is fixed or it is voided (its test's item statistics). */
export function QuestionCard({ question, regradeHref }: { question: BankQuestion; regradeHref?: string }) {
  const messages = useOrganiserMessages();
  const texts = messages.questions;
  const [editing, setEditing] = useState(false);
  return (
    <Card size="panel" as="article" className={cn(question.retired && "opacity-60")} data-testid={`question-${question.questionId}`}>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">#{question.questionId}</span>
        <span className="rounded-full bg-primary-50 px-2 py-0.5 font-semibold text-primary-800">
          {texts.difficultyOf[question.difficulty]}
        </span>
        {question.drawn && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800">{texts.drawn}</span>}
        {question.retired && <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{texts.retired}</span>}
        {question.seenBy > 0 && (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900" data-testid="question-exposed">
            {texts.exposedBadge({ count: question.seenBy })}
            {question.keptExposed && ` · ${texts.keptBadge}`}
          </span>
        )}
        <span className="rounded-full bg-sky-50 px-2 py-0.5 font-semibold text-sky-900" data-testid="question-languages">
          {question.languages.map((language) => texts.languageNames[language]).join(" · ")}
        </span>
      </div>
      <QuestionBody question={question} />
      {/* The same item in its other languages: one question, so its statistics and regrade are one. */}
      {question.languages.slice(1).map((language) => (
        <details key={language} className="mt-3 rounded-lg bg-slate-50 p-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">{texts.languageNames[language]}</summary>
          <div className="mt-2">
            <QuestionBody
              question={{
                text: textIn(question.texts, language) ?? "",
                readingText: null,
                choices: question.choices.map((c) => ({ ...c, text: textIn(c.texts, language) ?? "" })),
              }}
            />
          </div>
        </details>
      ))}
      {!question.retired && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {question.drawn && regradeHref && (
            <LinkButton variant="secondary" size="compact" href={regradeHref}>
              {messages.results.regrade}
            </LinkButton>
          )}
          {question.seenBy > 0 && (
            <ReasonAction
              compact
              testId={`keep-exposed-${question.questionId}`}
              label={question.keptExposed ? texts.leaveOutExposed : texts.keepExposed}
              done={question.keptExposed ? texts.leftOutDone : texts.keptDone}
              run={async ({ reason }) => {
                await api(`/admin/questions/${question.questionId}/exposed`, {
                  method: "PUT",
                  body: { kept: !question.keptExposed, reason },
                });
                return undefined;
              }}
            />
          )}
          {!question.drawn && (
            <Button variant="secondary" size="compact" onClick={() => setEditing(true)}>
              {texts.edit}
            </Button>
          )}
          <ReasonAction
            compact
            testId={`remove-${question.questionId}`}
            label={question.drawn ? texts.retire : texts.remove}
            done={question.drawn ? texts.retiredDone : texts.removed}
            run={async ({ reason }) => {
              await api(`/admin/questions/${question.questionId}`, { method: "DELETE", body: { reason } });
              return undefined;
            }}
          />
        </div>
      )}
      <Dialog
        open={editing}
        onDismiss={() => setEditing(false)}
        size="lg"
        className="overflow-y-auto p-5"
        title={texts.editTitle({ id: question.questionId })}
        description={texts.editTitle({ id: question.questionId })}
        hideDescription
      >
        {editing && <QuestionEditForm question={question} onDone={() => setEditing(false)} />}
      </Dialog>
    </Card>
  );
}

/** A question as the pupil sees it (its reading text folded), the key marked: the bank and the import's preview. */
export function QuestionBody({
  question,
}: {
  question: Pick<BankQuestion, "text" | "readingText"> & {
    choices: Pick<BankQuestion["choices"][number], "choiceId" | "text" | "correct">[];
  };
}) {
  const texts = useOrganiserMessages().questions;
  return (
    <>
      {question.readingText && (
        <details className="mb-2 rounded-lg bg-slate-50 p-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-600">{texts.readingText}</summary>
          <RichText html={question.readingText} className="mt-2" />
        </details>
      )}
      <RichText html={question.text} className="text-base leading-relaxed" />
      <ol className="mt-3 flex flex-col gap-1.5">
        {question.choices.map((choice, index) => (
          <li
            key={choice.choiceId}
            className={cn(
              "flex items-start gap-2 rounded-lg border-2 p-2 text-sm",
              choice.correct ? "border-green-600 bg-green-50" : "border-slate-200",
            )}
          >
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-bold">
              {letter(index)}
            </span>
            <RichText as="span" html={choice.text} className="min-w-0 flex-1" />
            {choice.correct && <span className="text-xs font-semibold text-green-700">{texts.correct}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

// What "Tekshirish" or "Import qilish" answered: the file's counts and its first questions as the
// pupil will see them, or its errors by row or question.
"use client";

import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { QuestionBody } from "@/components/questions/question-card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { PreviewQuestion } from "@/lib/questions/import";
import type { SourceError } from "@/shared/http/contract";

export type ImportSummary = {
  questions: number;
  readingTexts: number;
  attached: number;
  duplicates: number;
  dryRun: boolean;
  preview?: PreviewQuestion[];
};

/** `importDuplicates`: whether the questions the bank has already are imported too. */
export function ImportPreview({ preview, importDuplicates }: { preview: ImportSummary; importDuplicates: boolean }) {
  const texts = useOrganiserMessages().questions;
  return (
    <>
      <p
        className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200"
        role="status"
        data-testid="import-preview"
      >
        {texts.preview({ count: preview.questions, texts: preview.readingTexts })}
        {preview.attached > 0 && ` ${texts.previewAttached({ count: preview.attached })}`}
        {preview.duplicates > 0 &&
          ` ${(importDuplicates ? texts.previewDuplicatesAdded : texts.previewDuplicates)({ count: preview.duplicates })}`}
      </p>
      {preview.preview && preview.preview.length > 0 && (
        // The questions as the pupil will see them (choices shuffled for each pupil), before anything is saved.
        <section className="mt-3 flex flex-col gap-2" aria-label={texts.previewTitle} data-testid="import-questions">
          <h3 className="text-sm font-semibold text-slate-800">{texts.previewTitle}</h3>
          {preview.preview.length < preview.questions && (
            <p className="text-xs text-slate-600">{texts.previewFirst({ count: preview.preview.length, total: preview.questions })}</p>
          )}
          {preview.preview.map((question) => (
            <article key={question.number} className="rounded-lg p-3 ring-1 ring-slate-200">
              <p className="mb-2 text-xs font-semibold text-slate-500">
                {question.number}. {texts.difficultyOf[question.difficulty]} ·{" "}
                {question.languages.map((l) => texts.languageNames[l]).join(", ")}
                {question.inBank && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900" data-testid="in-bank">
                    {texts.inBank}
                  </span>
                )}
              </p>
              <QuestionBody question={{ ...question, choices: question.choices.map((c, choiceId) => ({ ...c, choiceId })) }} />
            </article>
          ))}
        </section>
      )}
    </>
  );
}

/** The file's errors, all of them (nothing was imported): where, which field, what is wrong. */
export function ImportErrors({ errors }: { errors: SourceError[] }) {
  const texts = useOrganiserMessages().questions;
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="import-errors">
      <p className="text-sm font-semibold text-red-700" role="alert">
        {texts.errorsTitle({ count: errors.length })}
      </p>
      <Table>
        <THead>
          <tr>
            <TH>{texts.errorWhere}</TH>
            <TH>{texts.errorField}</TH>
            <TH>{texts.errorMessage}</TH>
          </tr>
        </THead>
        <TBody>
          {errors.map((e) => (
            <TR key={`${e.where}-${e.field}-${e.message}`}>
              <TD className="whitespace-nowrap">{e.where}</TD>
              <TD className="font-mono text-xs">{e.field}</TD>
              <TD>{e.message}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

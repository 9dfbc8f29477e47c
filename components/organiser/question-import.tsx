// Import a bank from a file: format, the difficulty GIFT and Aiken files lack, "Tekshirish" (a
// preview that saves nothing, saying how many of the file's questions the bank has already: they
// are left out unless ticked), then "Import qilish" with a reason; errors by row or question, all
// or nothing.
"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { showError } from "@/components/ui/show-error";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { STUDY_LANGUAGES } from "@/lib/attempts/enums";
import { DIFFICULTY_NAMES } from "@/lib/attempts/scoring";
import { ApiError, api } from "@/lib/http/client";
import type { SourceError } from "@/lib/http/contract";
import type { PreviewQuestion } from "@/lib/organiser/questions";
import { QuestionBody } from "./question-card";

type Summary = {
  questions: number;
  readingTexts: number;
  attached: number;
  duplicates: number;
  dryRun: boolean;
  preview?: PreviewQuestion[];
};

export function QuestionImport({ subjectId }: { subjectId: number }) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const messages = useOrganiserMessages();
  const [t, c] = [messages.questions, messages.common];
  const [format, setFormat] = useState("xlsx");
  const [difficulty, setDifficulty] = useState("easy");
  const [language, setLanguage] = useState("0");
  const [errors, setErrors] = useState<SourceError[] | null>(null);
  const [preview, setPreview] = useState<Summary | null>(null);
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState("");
  const [importDuplicates, setImportDuplicates] = useState(false);

  async function send(dryRun: boolean) {
    const file = fileRef.current?.files?.[0];
    const body = new FormData();
    if (file) body.set("file", file);
    body.set("format", format);
    body.set("subjectId", String(subjectId));
    body.set("difficulty", difficulty);
    body.set("language", language);
    body.set("reason", reason);
    body.set("importDuplicates", String(importDuplicates));
    setPending(true);
    setErrors(null);
    try {
      const summary = await api<Summary>("/admin/questions/upload", { method: "POST", query: { dryRun }, body });
      if (dryRun) setPreview(summary);
      else {
        setPreview(null);
        toast.success(t.imported({ count: summary.questions + summary.attached }), { id: "questions-imported" });
        if (fileRef.current) fileRef.current.value = "";
        router.refresh();
      }
    } catch (error) {
      setPreview(null);
      const found = error instanceof ApiError ? error.sourceErrors : [];
      if (found.length > 0) setErrors(found);
      else showError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Card size="panel" as="section" aria-label={t.importTitle} data-testid="question-import">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="font-semibold">{t.importTitle}</h2>
        <a href="/api/admin/questions/template" className="text-sm font-medium text-primary-700 underline" download>
          {t.template}
        </a>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="import-format" label={t.format}>
          <Select id="import-format" value={format} onChange={(e) => setFormat(e.target.value)}>
            {(["xlsx", "gift", "aiken"] as const).map((f) => (
              <option key={f} value={f}>
                {t.formatNames[f]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-difficulty" label={t.difficultyForFile}>
          <Select id="import-difficulty" value={difficulty} disabled={format === "xlsx"} onChange={(e) => setDifficulty(e.target.value)}>
            {DIFFICULTY_NAMES.map((d) => (
              <option key={d} value={d}>
                {t.difficulties[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-language" label={t.fileLanguage}>
          <Select id="import-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {STUDY_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t.languageNames[l]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-file" label={t.file}>
          <input
            id="import-file"
            ref={fileRef}
            type="file"
            accept=".xlsx,.txt,.gift"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:font-semibold file:text-primary-700"
            onChange={() => {
              setErrors(null);
              setPreview(null);
            }}
          />
        </Field>
      </div>
      <div className="mt-3">
        <Field id="import-reason" label={c.reason} hint={c.reasonHint}>
          <Input id="import-reason" autoComplete="off" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </div>
      <label className="mt-3 flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4"
          checked={importDuplicates}
          onChange={(event) => {
            setImportDuplicates(event.target.checked);
            setPreview(null); // the preview's counts follow the choice: checked again
          }}
        />
        {t.importDuplicates}
      </label>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" pending={pending} onClick={() => void send(true)}>
          {t.check}
        </Button>
        <Button
          pending={pending}
          // Nothing to add (every question of the file in the bank already): nothing to import.
          disabled={!preview || preview.questions + preview.attached === 0 || reason.trim().length < 3}
          onClick={() => void send(false)}
        >
          {t.import}
        </Button>
      </div>
      {preview && (
        <p
          className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200"
          role="status"
          data-testid="import-preview"
        >
          {t.preview({ count: preview.questions, texts: preview.readingTexts })}
          {preview.attached > 0 && ` ${t.previewAttached({ count: preview.attached })}`}
          {preview.duplicates > 0 &&
            ` ${(importDuplicates ? t.previewDuplicatesAdded : t.previewDuplicates)({ count: preview.duplicates })}`}
        </p>
      )}
      {preview?.preview && preview.preview.length > 0 && (
        // The questions as the pupil will see them (choices shuffled for each pupil), before anything is saved.
        <section className="mt-3 flex flex-col gap-2" aria-label={t.previewTitle} data-testid="import-questions">
          <h3 className="text-sm font-semibold text-slate-800">{t.previewTitle}</h3>
          {preview.preview.length < preview.questions && (
            <p className="text-xs text-slate-600">{t.previewFirst({ count: preview.preview.length, total: preview.questions })}</p>
          )}
          {preview.preview.map((question) => (
            <article key={question.number} className="rounded-lg p-3 ring-1 ring-slate-200">
              <p className="mb-2 text-xs font-semibold text-slate-500">
                {question.number}. {t.difficultyOf[question.difficulty]} · {question.languages.map((l) => t.languageNames[l]).join(", ")}
                {question.inBank && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900" data-testid="in-bank">
                    {t.inBank}
                  </span>
                )}
              </p>
              <QuestionBody question={{ ...question, choices: question.choices.map((c, choiceId) => ({ ...c, choiceId })) }} />
            </article>
          ))}
        </section>
      )}
      {errors && (
        <div className="mt-3 flex flex-col gap-2" data-testid="import-errors">
          <p className="text-sm font-semibold text-red-700" role="alert">
            {t.errorsTitle({ count: errors.length })}
          </p>
          <Table>
            <THead>
              <tr>
                <TH>{t.errorWhere}</TH>
                <TH>{t.errorField}</TH>
                <TH>{t.errorMessage}</TH>
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
      )}
    </Card>
  );
}

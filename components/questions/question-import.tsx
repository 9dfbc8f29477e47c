// Import a bank from a file: format, the difficulty GIFT and Aiken files lack, "Tekshirish" (a
// preview that saves nothing, saying how many of the file's questions the bank has already: they
// are left out unless ticked), then "Import qilish" with a reason; errors by row or question, all
// or nothing.
"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { ImportErrors, ImportPreview, type ImportSummary } from "@/components/questions/import-results";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { STUDY_LANGUAGES } from "@/shared/attempts/enums";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import { ApiError, api } from "@/shared/http/client";
import type { SourceError } from "@/shared/http/contract";

export function QuestionImport({ subjectId }: { subjectId: number }) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.questions, messages.common];
  const [format, setFormat] = useState("xlsx");
  const [difficulty, setDifficulty] = useState("easy");
  const [language, setLanguage] = useState("0");
  const [errors, setErrors] = useState<SourceError[] | null>(null);
  const [preview, setPreview] = useState<ImportSummary | null>(null);
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
      const summary = await api<ImportSummary>("/admin/questions/upload", { method: "POST", query: { dryRun }, body });
      if (dryRun) setPreview(summary);
      else {
        setPreview(null);
        toast.success(texts.imported({ count: summary.questions + summary.attached }), { id: "questions-imported" });
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
    <Card size="panel" as="section" aria-label={texts.importTitle} data-testid="question-import">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="font-semibold">{texts.importTitle}</h2>
        <a href="/api/admin/questions/template" className="text-sm font-medium text-primary-700 underline" download>
          {texts.template}
        </a>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="import-format" label={texts.format}>
          <Select id="import-format" value={format} onChange={(e) => setFormat(e.target.value)}>
            {(["xlsx", "gift", "aiken"] as const).map((f) => (
              <option key={f} value={f}>
                {texts.formatNames[f]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-difficulty" label={texts.difficultyForFile}>
          <Select id="import-difficulty" value={difficulty} disabled={format === "xlsx"} onChange={(e) => setDifficulty(e.target.value)}>
            {DIFFICULTY_NAMES.map((d) => (
              <option key={d} value={d}>
                {texts.difficulties[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-language" label={texts.fileLanguage}>
          <Select id="import-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {STUDY_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {texts.languageNames[l]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="import-file" label={texts.file}>
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
        <Field id="import-reason" label={common.reason} hint={common.reasonHint}>
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
        {texts.importDuplicates}
      </label>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" pending={pending} onClick={() => void send(true)}>
          {texts.check}
        </Button>
        <Button
          pending={pending}
          // Nothing to add (every question of the file in the bank already): nothing to import.
          disabled={!preview || preview.questions + preview.attached === 0 || reason.trim().length < 3}
          onClick={() => void send(false)}
        >
          {texts.import}
        </Button>
      </div>
      {preview && <ImportPreview preview={preview} importDuplicates={importDuplicates} />}
      {errors && <ImportErrors errors={errors} />}
    </Card>
  );
}

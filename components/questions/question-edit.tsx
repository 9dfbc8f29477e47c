// Editing a question no attempt has drawn: difficulty, the text and each choice (HTML), which is right.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type Resolver, useFieldArray, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import type { BankQuestion } from "@/lib/questions/bank";
import { DIFFICULTY_NAMES, nameOfDifficulty } from "@/shared/attempts/scoring";
import { api } from "@/shared/http/client";
import { type QuestionEdit, questionEditSchema } from "@/shared/questions/schema";

export function QuestionEditForm({ question, onDone }: { question: BankQuestion; onDone: () => void }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.questions, messages.common];
  const router = useRouter();
  const form = useForm<QuestionEdit>({
    resolver: zodResolver(questionEditSchema) as unknown as Resolver<QuestionEdit>,
    defaultValues: {
      difficulty: nameOfDifficulty(question.difficulty),
      text: question.text,
      choices: question.choices.map((c) => ({ text: c.text, correct: c.correct })),
      reason: "",
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: "choices" });
  const { errors, isSubmitting } = form.formState;
  const correct = form.watch("choices").findIndex((c) => c.correct);

  const submit = submitWith(form, async (edit) => {
    await api(`/admin/questions/${question.questionId}`, { method: "PUT", body: edit });
    toast.success(texts.saved, { id: `question-${question.questionId}` });
    router.refresh();
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3" data-testid="question-edit">
      <Field id="edit-difficulty" label={texts.difficulty}>
        <Select id="edit-difficulty" {...form.register("difficulty")}>
          {DIFFICULTY_NAMES.map((d) => (
            <option key={d} value={d}>
              {texts.difficulties[d]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="edit-text" label={texts.questionText} error={errors.text?.message}>
        <textarea
          id="edit-text"
          rows={4}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
          {...form.register("text")}
        />
      </Field>
      {fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[1fr_auto] items-end gap-2">
          <Field
            id={`edit-choice-${index}`}
            label={texts.choiceText({ letter: String.fromCharCode(65 + index) })}
            error={errors.choices?.[index]?.text?.message}
          >
            <Input id={`edit-choice-${index}`} {...form.register(`choices.${index}.text`)} />
          </Field>
          <label className="flex min-h-11 items-center gap-1 text-sm">
            <input
              type="radio"
              name="correct"
              checked={correct === index}
              onChange={() => {
                for (let i = 0; i < fields.length; i++) form.setValue(`choices.${i}.correct`, i === index);
              }}
              className="size-4"
            />
            {texts.isCorrect}
          </label>
        </div>
      ))}
      {errors.choices?.root?.message && <p className="text-sm text-red-600">{errors.choices.root.message}</p>}
      <Field id="edit-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
        <Input id="edit-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {common.cancel}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {common.save}
        </Button>
      </div>
    </form>
  );
}

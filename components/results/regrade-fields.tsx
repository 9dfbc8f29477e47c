// A regrade's fields: the question, what to do (a new key, another choice correct too, or void it),
// the choice (the new key's, or the one accepted too) or whom a voided question awards, and the reason.
"use client";

import type { UseFormReturn } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Field, Input } from "@/components/ui/field";
import { RichText } from "@/components/ui/rich-text";
import { letter, type RegradeQuestion, type RegradeValues } from "./regrade-form";

type Props = { form: UseFormReturn<RegradeValues>; question: RegradeQuestion };

/** `action`: the form's watched choice of what to do. */
export function RegradeFields({ form, question, action }: Props & { action: RegradeValues["action"] }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.results, messages.common];
  const { errors } = form.formState;
  return (
    <>
      <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        <p className="font-mono text-xs text-slate-500">#{question.questionId}</p>
        <RichText html={question.text} className="text-slate-800" />
      </div>
      <fieldset className="flex flex-col gap-1.5 text-sm">
        <legend className="mb-1 font-medium text-slate-800">{texts.action}</legend>
        <RadioChoice form={form} name="action" value="key" label={texts.actionKey} />
        <RadioChoice form={form} name="action" value="also" label={texts.actionAlso} />
        <RadioChoice form={form} name="action" value="void" label={texts.actionVoid} />
      </fieldset>
      {action === "void" ? <VoidAwards form={form} /> : <NewKey form={form} question={question} also={action === "also"} />}
      <Field id={`regrade-reason-${question.questionId}`} label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
        <Input
          id={`regrade-reason-${question.questionId}`}
          autoComplete="off"
          maxLength={500}
          invalid={Boolean(errors.reason)}
          {...form.register("reason")}
        />
      </Field>
    </>
  );
}

/** The question's new key, or (`also`) the choice accepted as correct too: one of its choices, the current key marked. */
function NewKey({ form, question, also }: Props & { also: boolean }) {
  const texts = useOrganiserMessages().results;
  const { errors } = form.formState;
  return (
    <fieldset className="flex flex-col gap-1.5 text-sm" aria-describedby={errors.correctChoiceId ? "regrade-choice-error" : undefined}>
      <legend className="mb-1 font-medium text-slate-800">{also ? texts.alsoChoice : texts.correctChoice}</legend>
      {question.choices.map((choice, index) => (
        // A choice already correct cannot be accepted "too".
        <label
          key={choice.choiceId}
          className="flex items-start gap-2 rounded-md p-1.5 ring-1 ring-slate-200 has-[:checked]:ring-primary-600"
        >
          <input
            type="radio"
            value={choice.choiceId}
            disabled={also && choice.isCorrect}
            className="mt-0.5 size-4 shrink-0"
            {...form.register("correctChoiceId")}
          />
          <span className="font-semibold">{letter(index)}</span>
          <RichText as="span" html={choice.text} className="min-w-0 flex-1" />
          {choice.isCorrect && <span className="shrink-0 text-xs text-slate-500">{texts.currentKey}</span>}
        </label>
      ))}
      {errors.correctChoiceId && (
        <p id="regrade-choice-error" className="text-sm text-red-700">
          {errors.correctChoiceId.message}
        </p>
      )}
    </fieldset>
  );
}

/** A voided question's points: to every pupil, or to none. */
function VoidAwards({ form }: { form: UseFormReturn<RegradeValues> }) {
  const texts = useOrganiserMessages().results;
  const { errors } = form.formState;
  return (
    <fieldset className="flex flex-col gap-1.5 text-sm">
      <RadioChoice form={form} name="voidAwards" value="all" label={texts.voidAll} />
      <RadioChoice form={form} name="voidAwards" value="none" label={texts.voidNone} />
      {errors.voidAwards && <p className="text-sm text-red-700">{errors.voidAwards.message}</p>}
    </fieldset>
  );
}

/** One labelled radio button of the regrade's form. */
function RadioChoice({
  form,
  name,
  value,
  label,
}: {
  form: UseFormReturn<RegradeValues>;
  name: "action" | "voidAwards";
  value: string;
  label: string;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" value={value} className="size-4" {...form.register(name)} />
      {label}
    </label>
  );
}

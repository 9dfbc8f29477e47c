// The appeal's form: what it is about (a question of the paper or the result as a whole), why,
// and the pupil's (or the parent's) words. Choosing a question that already has an undecided
// appeal loads it for editing; a refusal keeps everything typed and says why. The state lives in
// use-appeal-form.ts.
"use client";

import { Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, Select, Textarea } from "@/components/ui/field";
import { preloadToasts } from "@/components/ui/toast";
import { APPEAL_TEXT_MAX, type AppealKind } from "@/shared/appeals/schema";
import { type Appeal, type AppealFormOptions, appealOf, useAppealForm } from "./use-appeal-form";

const QUESTION_KINDS: readonly AppealKind[] = ["key", "unclear"];
const RESULT_KINDS: readonly AppealKind[] = ["result"];

/** A field focused from elsewhere (an edit, "appeal this question") stops clear of the review's sticky bar. */
const FOCUS_CLEAR = "scroll-mt-40 lg:scroll-mt-28";

type Props = AppealFormOptions;

export function AppealForm({ source, view, questionNumber, request, onSaved }: Props) {
  const { texts, initial, form, errors, isSubmitting, isSubmitted, id, kind, length, serverError, editing, choose, submit } = useAppealForm(
    { source, view, questionNumber, request, onSaved },
  );

  const kinds = id === null ? RESULT_KINDS : QUESTION_KINDS;
  const questionLabel = (n: number | null) => (n === null ? texts.wholeResult : texts.questionNumber({ n }));
  const decidedLabel = (appeal: Appeal | undefined, label: string) =>
    appeal?.decision ? `${label} — ${texts.outcomes[appeal.decision.outcome]}` : label;

  return (
    <form
      onSubmit={submit}
      onFocus={() => void preloadToasts().catch(() => {})}
      noValidate
      className="flex flex-col gap-4"
      data-testid="appeal-form"
    >
      {source.kind === "parent" && <input type="hidden" {...form.register("guid")} />}
      <Field id="appeal-about" label={texts.about} error={errors.testAttemptQuestionId?.message}>
        <Controller
          control={form.control}
          name="testAttemptQuestionId"
          render={({ field }) => (
            <Select
              id="appeal-about"
              name="about"
              className={FOCUS_CLEAR}
              ref={field.ref}
              onBlur={field.onBlur}
              value={id === null ? "result" : String(view.questions.find((q) => q.testAttemptQuestionId === id)?.questionNumber ?? "")}
              onChange={(event) => {
                const value = event.target.value;
                choose(
                  value === "result"
                    ? null
                    : (view.questions.find((q) => String(q.questionNumber) === value)?.testAttemptQuestionId ?? null),
                  true,
                );
              }}
              invalid={Boolean(errors.testAttemptQuestionId)}
              data-testid="appeal-about"
            >
              <option value="result" disabled={Boolean(appealOf(view, null)?.decision)}>
                {decidedLabel(appealOf(view, null), texts.wholeResult)}
              </option>
              {view.questions.map((q) => {
                const appeal = appealOf(view, q.testAttemptQuestionId);
                return (
                  <option key={q.testAttemptQuestionId} value={q.questionNumber} disabled={Boolean(appeal?.decision)}>
                    {decidedLabel(appeal, questionLabel(q.questionNumber))}
                  </option>
                );
              })}
            </Select>
          )}
        />
      </Field>

      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <fieldset aria-describedby={errors.kind ? "appeal-kind-error" : undefined} className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-700">{texts.kind}</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {kinds.map((value, index) => (
                <label
                  key={value}
                  className="flex min-h-11 items-center gap-2 rounded-lg px-3 ring-1 ring-slate-200 has-[:checked]:bg-primary-50 has-[:checked]:ring-primary-500"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    ref={index === 0 ? field.ref : undefined}
                    checked={kind === value}
                    onChange={() => form.setValue("kind", value, { shouldDirty: true, shouldValidate: isSubmitted })}
                    onBlur={field.onBlur}
                    aria-invalid={errors.kind ? true : undefined}
                    className="size-4 shrink-0 accent-primary-600"
                  />
                  <span className="text-sm">{texts.kinds[value]}</span>
                </label>
              ))}
            </div>
            {errors.kind && (
              <p id="appeal-kind-error" role="alert" className="text-sm text-red-600">
                {errors.kind.message}
              </p>
            )}
          </fieldset>
        )}
      />

      <Field id="appeal-text" label={texts.text} hint={texts.textHint} error={errors.text?.message}>
        {/* defaultValue: the words in the server's HTML too, before the form's script fills its fields. */}
        <Textarea
          id="appeal-text"
          rows={5}
          className={FOCUS_CLEAR}
          describedBy="appeal-text-count"
          invalid={Boolean(errors.text)}
          defaultValue={initial.text}
          {...form.register("text")}
        />
        <p
          id="appeal-text-count"
          className={`self-end text-xs tabular-nums ${length > APPEAL_TEXT_MAX ? "font-semibold text-red-600" : "text-slate-500"}`}
          data-testid="appeal-text-count"
        >
          {length} / {APPEAL_TEXT_MAX}
        </p>
      </Field>

      {serverError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="appeal-error">
          {serverError}
        </p>
      )}

      <Button type="submit" pending={isSubmitting} className="w-full sm:w-auto sm:self-end" data-testid="appeal-send">
        {editing ? texts.save : texts.send}
      </Button>
    </form>
  );
}

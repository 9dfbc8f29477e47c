// The appeal's form: what it is about (a question of the paper or the result as a whole), why,
// and the pupil's (or the parent's) words. Choosing a question that already has an undecided
// appeal loads it for editing; a refusal keeps everything typed and says why.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Field, Select, Textarea } from "@/components/ui/field";
import { preloadToasts, toast } from "@/components/ui/toast";
import { APPEAL_TEXT_MAX, type AppealKind, type AppealsView, appealSchema, parentAppealSchema } from "@/shared/appeals/schema";
import { ApiError, api } from "@/shared/http/client";
import type { Messages } from "@/shared/i18n/types";
import { validationMessage } from "@/shared/validation/messages";

export type AppealSource = { kind: "pupil" } | { kind: "parent"; guid: string };

/** Which appeal the form should show, asked from outside it (an item's edit, "appeal this question"); `seq` makes each ask new. */
export type FormRequest = { testAttemptQuestionId: number | null; focus: "about" | "text"; seq: number };

type Values = { testAttemptQuestionId: number | null; kind: AppealKind | ""; text: string; guid?: string };
type Appeal = AppealsView["appeals"][number];

const pupilResolver = zodResolver(appealSchema) as unknown as Resolver<Values>;
const parentResolver = zodResolver(parentAppealSchema) as unknown as Resolver<Values>;

const QUESTION_KINDS: readonly AppealKind[] = ["key", "unclear"];
const RESULT_KINDS: readonly AppealKind[] = ["result"];

/** A field focused from elsewhere (an edit, "appeal this question") stops clear of the review's sticky bar. */
const FOCUS_CLEAR = "scroll-mt-40 lg:scroll-mt-28";

const appealOf = (view: AppealsView, id: number | null): Appeal | undefined => view.appeals.find((a) => a.testAttemptQuestionId === id);
const editable = (appeal: Appeal | undefined): Appeal | undefined => (appeal && !appeal.decision ? appeal : undefined);

/** The form's first values: the given question's appeal (or a new one), else the first thing still open to appeal. */
function firstValues(view: AppealsView, questionNumber: number | undefined): Values {
  const asked = view.questions.find((q) => q.questionNumber === questionNumber)?.testAttemptQuestionId;
  const candidates = [...(asked === undefined ? [] : [asked]), null, ...view.questions.map((q) => q.testAttemptQuestionId)];
  const id = candidates.find((c) => !appealOf(view, c)?.decision) ?? null;
  const appeal = editable(appealOf(view, id));
  return { testAttemptQuestionId: id, kind: appeal?.kind ?? (id === null ? "result" : ""), text: appeal?.text ?? "" };
}

/** A 422's field codes under the fields, in the page's language; whether any landed on a field shown. */
function putOnFields(form: UseFormReturn<Values>, error: ApiError, v: Messages["validation"]): boolean {
  let shown = false;
  for (const [field, codes] of Object.entries(error.validationErrorCodes)) {
    const code = codes[0];
    if (!code) continue;
    if (field === "text") form.setError("text", { message: code === "MaxLength" ? v.appealTextMax : v.appealText });
    else if (field === "kind") form.setError("kind", { message: v.appealKind });
    else if (field === "testAttemptQuestionId") form.setError(field, { message: validationMessage(field, code) });
    else continue;
    shown = true;
  }
  return shown;
}

type Props = {
  source: AppealSource;
  view: AppealsView;
  questionNumber?: number;
  request: FormRequest | null;
  onSaved: (view: AppealsView) => void;
};

export function AppealForm({ source, view, questionNumber, request, onSaved }: Props) {
  const messages = useMessages();
  const texts = messages.appeals;
  const [initial] = useState(() => ({ ...firstValues(view, questionNumber), ...(source.kind === "parent" ? { guid: source.guid } : {}) }));
  const form = useForm<Values>({
    resolver: source.kind === "parent" ? parentResolver : pupilResolver,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty, isSubmitted } = form.formState;
  const [id, kind, text] = useWatch({ control: form.control, name: ["testAttemptQuestionId", "kind", "text"] });
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = editable(appealOf(view, id));
  const length = text.length;

  /** Shows `next`'s undecided appeal, or a new one about it (keeping words typed for a new one). */
  const choose = (next: number | null, byHand: boolean) => {
    if (appealOf(view, next)?.decision) return;
    const before = form.getValues();
    const loaded = editable(appealOf(view, before.testAttemptQuestionId));
    const found = editable(appealOf(view, next));
    const kept = loaded && before.text === loaded.text ? { kind: "" as const, text: "" } : before;
    const options = { shouldDirty: byHand, shouldValidate: byHand && isSubmitted };
    form.setValue("testAttemptQuestionId", next, options);
    form.setValue("kind", found?.kind ?? (next === null ? "result" : kept.kind === "result" ? "" : kept.kind), options);
    form.setValue("text", found?.text ?? kept.text, options);
    if (!isSubmitted) form.clearErrors();
    setServerError(null);
  };

  // The review's question on screen is the one appealed, until the pupil starts on an appeal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a move to another question re-chooses
  useEffect(() => {
    if (questionNumber === undefined || isDirty) return;
    const asked = view.questions.find((q) => q.questionNumber === questionNumber);
    if (asked) choose(asked.testAttemptQuestionId, false);
  }, [questionNumber]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each ask is acted on once
  useEffect(() => {
    if (!request) return;
    choose(request.testAttemptQuestionId, true);
    form.setFocus(request.focus === "about" ? "testAttemptQuestionId" : "text");
  }, [request?.seq]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await api<AppealsView>(source.kind === "parent" ? "/Registration/Appeals" : "/TestAttempts/Appeals", {
        method: "POST",
        body: values,
      });
      onSaved(saved);
      form.reset(values);
      toast.success(texts.sent, { id: "appeal-sent" });
    } catch (error) {
      // Everything typed stays: the fields are not touched, only their errors set.
      if (error instanceof ApiError) {
        if (!putOnFields(form, error, messages.validation)) setServerError(error.message);
      } else setServerError(messages.http.default);
    }
  });

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

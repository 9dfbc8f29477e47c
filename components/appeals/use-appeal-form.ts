// The appeal form's state: its first values, choosing what the appeal is about (loading an undecided
// appeal for editing), the asks from outside, and sending it with a refusal's codes put on the fields.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type Resolver, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { toast } from "@/components/ui/toast";
import { type AppealKind, type AppealsView, appealSchema, parentAppealSchema } from "@/shared/appeals/schema";
import { ApiError, api } from "@/shared/http/client";
import type { Messages } from "@/shared/i18n/types";
import { validationMessage } from "@/shared/validation/messages";
export type AppealSource = { kind: "pupil" } | { kind: "parent"; guid: string };

/** Which appeal the form should show, asked from outside it (an item's edit, "appeal this question"); `seq` makes each ask new. */
export type FormRequest = { testAttemptQuestionId: number | null; focus: "about" | "text"; seq: number };

type Values = { testAttemptQuestionId: number | null; kind: AppealKind | ""; text: string; guid?: string };
export type Appeal = AppealsView["appeals"][number];

const pupilResolver = zodResolver(appealSchema) as unknown as Resolver<Values>;
const parentResolver = zodResolver(parentAppealSchema) as unknown as Resolver<Values>;

export const appealOf = (view: AppealsView, id: number | null): Appeal | undefined =>
  view.appeals.find((a) => a.testAttemptQuestionId === id);
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

export type AppealFormOptions = {
  source: AppealSource;
  view: AppealsView;
  questionNumber?: number;
  request: FormRequest | null;
  onSaved: (view: AppealsView) => void;
};

export function useAppealForm({ source, view, questionNumber, request, onSaved }: AppealFormOptions) {
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

  return { texts, initial, form, errors, isSubmitting, isSubmitted, id, kind, length, serverError, editing, choose, submit };
}

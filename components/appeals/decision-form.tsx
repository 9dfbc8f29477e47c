// The organiser's decision on appeals: for a question, on all its undecided appeals at once (reject,
// accept another choice as correct too, change the key, void the question); for an appeal against a
// result, reject or uphold it. The reason is the appellants' to read: in Uzbek, Russian or both, as
// they need (decision-reasons.tsx).
// A decision that regrades shows its dry run first (use-decision-dry-run.ts).
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { type Resolver, type UseFormRegister, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { RegradeChanges } from "@/components/results/regrade-report";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { showServerErrors } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { decisionSchema, QUESTION_OUTCOMES, RESULT_OUTCOMES, type ReasonLanguage } from "@/shared/appeals/console";
import type { DecisionOutcome } from "@/shared/appeals/schema";
import { VoidAwards } from "@/shared/attempts/enums";
import { api } from "@/shared/http/client";
import { regrades } from "@/shared/results/schema";
import { DecisionReasons, withNeededReasons } from "./decision-reasons";
import { useDecisionDryRun } from "./use-decision-dry-run";

/** A question's choice as the select offers it. */
export type DecisionChoice = { choiceId: number; letter: string; isCorrect: boolean };

/** What the decision is on, and when the page read its appeals (only those are decided). */
type Target = ({ questionId: number; appealId?: undefined } | { appealId: number; questionId?: undefined }) & { seenAt: string };

type DecisionValues = {
  questionId?: number;
  appealId?: number;
  seenAt: string;
  outcome: DecisionOutcome | "";
  /** The select's value: the choice's id as text. */
  choiceId: string;
  voidAwards?: VoidAwards | null;
  reason: string;
  reasonRu: string;
};

/**
 * Only what the chosen outcome takes goes to the schema: a choice for also/key, whom a void awards.
 * The dry run's key hash is the server's to give (the submit adds it): a stand-in here.
 */
const decisionResolver: Resolver<DecisionValues> = (values, context, options) =>
  (zodResolver(decisionSchema) as unknown as Resolver<DecisionValues>)(
    {
      ...values,
      expectedKeyHash: "0".repeat(64),
      choiceId: (values.outcome === "also" || values.outcome === "key") && values.choiceId ? Number(values.choiceId) : undefined,
      voidAwards: values.outcome === "void" ? (values.voidAwards ?? undefined) : undefined,
    } as unknown as DecisionValues,
    context,
    options,
  );

const radio = "flex min-h-11 items-center gap-2 rounded-lg px-2 ring-1 ring-slate-200 has-[:checked]:ring-primary-500";

type Props = {
  testId: number;
  target: Target;
  /** The question's choices in the pupils' order (none for an appeal against a result). */
  choices?: DecisionChoice[];
  /** The appeals the decision answers. */
  undecided: number;
  /** The languages its appellants read the reason in (shared/appeals/console.ts reasonLanguagesFor). */
  languages: readonly ReasonLanguage[];
};

export function DecisionForm({ testId, target, choices = [], undecided, languages }: Props) {
  const messages = useOrganiserMessages();
  const texts = messages.appeals;
  const router = useRouter();
  const key = target.questionId !== undefined ? `q${target.questionId}` : `a${target.appealId}`;
  const outcomes = target.questionId !== undefined ? QUESTION_OUTCOMES : RESULT_OUTCOMES;
  const empty: DecisionValues = { ...target, outcome: "", choiceId: "", voidAwards: undefined, reason: "", reasonRu: "" };
  const form = useForm<DecisionValues>({ resolver: withNeededReasons(decisionResolver, languages), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const outcome = form.watch("outcome");
  // "Another choice too" offers only the choices not yet correct: a choice picked for the key may not be one.
  const offered = outcome === "also" ? choices.filter((c) => !c.isCorrect) : choices;
  useEffect(() => {
    const picked = form.getValues("choiceId");
    if (outcome === "also" && choices.some((c) => c.isCorrect && String(c.choiceId) === picked)) form.setValue("choiceId", "");
  }, [form, outcome, choices]);

  const dryRun = useDecisionDryRun(testId);
  const report = dryRun.reportFor(form.watch());

  const submit = form.handleSubmit(async (values) => {
    try {
      const shown = dryRun.reportFor(values);
      if (regrades(values.outcome) && target.questionId !== undefined && !shown) {
        return await dryRun.preview({ ...values, questionId: target.questionId });
      }
      const decided = await api<{ appeals: number; changed: number }>(`/admin/tests/${testId}/appeals`, {
        method: "POST",
        body: { ...values, expectedKeyHash: shown?.oldKeyHash },
      });
      dryRun.clear();
      toast.success(texts.decidedToast({ appeals: decided.appeals, changed: decided.changed }), { id: `decision-${key}` });
      form.reset(empty);
      router.refresh();
    } catch (error) {
      // Under the fields it belongs to, and as a toast (a question decided meanwhile has no field); the values stay.
      showServerErrors(form, error);
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="decision-form">
      <div>
        <h4 className="text-sm font-semibold text-slate-900">{texts.decideTitle}</h4>
        <p className="mt-0.5 text-xs text-slate-600">
          {target.questionId !== undefined ? texts.decideHint({ n: undecided }) : texts.resultDecideHint}
        </p>
      </div>
      <fieldset aria-describedby={errors.outcome ? `${key}-outcome-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{texts.outcome}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {outcomes.map((value) => (
            <label key={value} className={`${radio} bg-white`}>
              <input type="radio" value={value} className="size-4 shrink-0" {...form.register("outcome")} />
              <span className="text-sm">{texts.outcomes[value]}</span>
            </label>
          ))}
        </div>
        {errors.outcome && (
          <p id={`${key}-outcome-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.outcome.message}
          </p>
        )}
      </fieldset>
      {(outcome === "also" || outcome === "key") && (
        <Field id={`${key}-choice`} label={texts.choice} error={errors.choiceId?.message}>
          <Select id={`${key}-choice`} invalid={Boolean(errors.choiceId)} {...form.register("choiceId")}>
            <option value="">{texts.choicePick}</option>
            {offered.map((choice) => (
              <option key={choice.choiceId} value={choice.choiceId}>
                {texts.choiceLetter({ letter: choice.letter })}
                {choice.isCorrect ? ` (${texts.currentKey})` : ""}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {outcome === "void" && (
        <fieldset aria-describedby={errors.voidAwards ? `${key}-void-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">{texts.voidAwards}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {[VoidAwards.All, VoidAwards.None].map((value) => (
              <label key={value} className={`${radio} bg-white`}>
                <input type="radio" value={value} className="size-4 shrink-0" {...form.register("voidAwards")} />
                <span className="text-sm">{value === VoidAwards.All ? messages.results.voidAll : messages.results.voidNone}</span>
              </label>
            ))}
          </div>
          {errors.voidAwards && (
            <p id={`${key}-void-error`} role="alert" className="mt-1 text-sm text-red-700">
              {errors.voidAwards.message}
            </p>
          )}
        </fieldset>
      )}
      <DecisionReasons
        id={key}
        languages={languages}
        register={form.register as unknown as UseFormRegister<{ reason: string; reasonRu: string }>}
        errors={errors}
      />
      {report && (
        <div className="min-w-0 rounded-lg bg-white p-3 ring-1 ring-amber-300" data-testid="decision-dry-run">
          <p className="mb-2 text-sm text-amber-900">{texts.dryRunLead}</p>
          <RegradeChanges report={report} />
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting} data-testid="decide">
          {!regrades(outcome) ? texts.decide : report ? texts.decideApply : texts.decidePreview}
        </Button>
      </div>
    </form>
  );
}

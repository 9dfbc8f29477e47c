// What the organiser does with the answer-copying screening: run it now, and decide about a
// listed pair on its evidence sheet (no action, or void one attempt or both), always with a reason.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Textarea } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { api } from "@/shared/http/client";
import { DECISIONS, type Decision, decisionSchema } from "@/shared/integrity/schema";

export function ScreeningRunButton({ testId }: { testId: number }) {
  const texts = useOrganiserMessages().screening;
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const done = await api<{ busy: boolean; listed?: number }>(`/admin/tests/${testId}/screening`, { method: "POST" });
      if (done.busy) toast.info(texts.runBusy, { id: "screening" });
      else toast.success(texts.runDone({ listed: done.listed ?? 0 }), { id: "screening" });
      router.refresh();
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} pending={pending} data-testid="screening-run">
      {texts.runNow}
    </Button>
  );
}

type DecisionValues = { attemptA: number; attemptB: number; decision: Decision | ""; reason: string };

export function DecisionForm({ attemptA, attemptB, names }: { attemptA: number; attemptB: number; names: { a: string; b: string } }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.screening, messages.common];
  const router = useRouter();
  const form = useForm<DecisionValues>({
    resolver: zodResolver(decisionSchema) as unknown as Resolver<DecisionValues>,
    defaultValues: { attemptA, attemptB, decision: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = submitWith(form, async (values) => {
    await api("/admin/screening/decisions", { method: "POST", body: values });
    toast.success(texts.recorded, { id: "screening-decision" });
    form.reset({ attemptA, attemptB, decision: "", reason: "" });
    router.refresh();
  });
  const label = (decision: Decision) =>
    decision === "voidA"
      ? texts.decisions.voidA({ name: names.a })
      : decision === "voidB"
        ? texts.decisions.voidB({ name: names.b })
        : texts.decisions[decision];
  return (
    <Card size="panel" as="section" aria-labelledby="decision-title">
      <h2 id="decision-title" className="text-lg font-semibold">
        {texts.decide}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.decideHint}</p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3" data-testid="decision-form">
        <fieldset aria-describedby={errors.decision ? "decision-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">{texts.decision}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {DECISIONS.map((decision) => (
              <label
                key={decision}
                className="flex min-h-11 items-center gap-2 rounded-lg px-2 ring-1 ring-slate-200 has-[:checked]:ring-primary-500"
              >
                <input type="radio" value={decision} className="size-4" {...form.register("decision")} />
                <span className="text-sm">{label(decision)}</span>
              </label>
            ))}
          </div>
          {errors.decision && (
            <p id="decision-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.decision.message}
            </p>
          )}
        </fieldset>
        <Field id="decision-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
          <Textarea id="decision-reason" rows={3} maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" pending={isSubmitting}>
            {texts.record}
          </Button>
        </div>
      </form>
    </Card>
  );
}

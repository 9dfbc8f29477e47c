// What the organiser does to a test's scores: recompute them from the answers (a check, changes
// nothing), and regrade a question (fix its key or void it): a dry run first, then apply.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useLocale, useLocalName } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { RichText } from "@/components/ui/rich-text";
import { submitWith } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { points } from "@/lib/i18n/numbers";
import type { RecomputeReport, RegradeReport } from "@/lib/results/rescoring";
import { type RegradeInput, regradeSchema } from "@/lib/validation/organiser";

export function RecomputeButton({ testId }: { testId: number }) {
  const t = useOrganiserMessages().results;
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const report = await api<RecomputeReport>(`/admin/tests/${testId}/recompute`, { method: "POST" });
      const differences = report.differences.length;
      if (differences === 0) toast.success(t.recomputeSame({ count: report.checked }), { id: "recompute" });
      else toast.error(t.recomputeDiffers({ count: report.checked, differences }), { id: "recompute" });
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} pending={pending} data-testid="recompute">
      {t.recompute}
    </Button>
  );
}

type Values = {
  questionId: number;
  action: "key" | "void";
  correctChoiceId?: number;
  voidAwards?: "all" | "none";
  reason?: string;
};

/** The question a regrade is of, as the item statistics show it. */
export type RegradeQuestion = {
  questionId: number;
  text: string;
  choices: { choiceId: number; text: string; isCorrect: boolean }[];
};

const letter = (index: number) => String.fromCharCode(65 + index);

function Changes({ report }: { report: RegradeReport }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const local = useLocalName();
  const t = messages.results;
  if (report.changes.length === 0) return <p className="text-sm text-slate-700">{t.noChanges}</p>;
  return (
    <div className="max-h-72 overflow-auto">
      <p className="mb-2 text-sm font-semibold text-slate-800">{t.changes({ count: report.changes.length })}</p>
      <Table data-testid="regrade-changes">
        <THead>
          <tr>
            <TH>{messages.pupils.fullName}</TH>
            <TH className="text-right">{t.oldScore}</TH>
            <TH className="text-right">{t.newScore}</TH>
            <TH className="text-right">{t.oldRank}</TH>
            <TH className="text-right">{t.newRank}</TH>
          </tr>
        </THead>
        <TBody>
          {report.changes.map((change) => (
            <TR key={change.attemptId}>
              <TD>
                {change.fullName}
                <span className="block text-xs text-slate-500">{change.districtName && local(change.districtName)}</span>
              </TD>
              <TD className="text-right tabular-nums">{points(locale, change.oldScore)}</TD>
              <TD className="text-right font-semibold tabular-nums">{points(locale, change.newScore)}</TD>
              <TD className="text-right tabular-nums">{change.oldRank ?? "—"}</TD>
              <TD className="text-right font-semibold tabular-nums">{change.newRank ?? "—"}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

/** What the dry run was of, in words: the question, and its new key or that it is voided. */
function Tried({ question, values }: { question: RegradeQuestion; values: Values }) {
  const t = useOrganiserMessages().results;
  const index = question.choices.findIndex((c) => c.choiceId === values.correctChoiceId);
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid="regrade-tried">
      <p className="font-semibold text-slate-800">{t.triedQuestion({ id: question.questionId })}</p>
      <RichText html={question.text} className="mt-1 text-slate-700" />
      <p className="mt-2 font-semibold text-slate-800">
        {values.action === "key"
          ? t.triedKey({ letter: letter(index) })
          : t.triedVoid({ awards: (values.voidAwards === "all" ? t.voidAll : t.voidNone).toLowerCase() })}
      </p>
      {values.action === "key" && index >= 0 && <RichText html={question.choices[index].text} className="text-slate-700" />}
    </div>
  );
}

/** A radio's value is its text (react-hook-form converts none): the choice's id as the schema takes it. */
const regradeResolver: Resolver<Values> = (values, context, options) =>
  (zodResolver(regradeSchema) as unknown as Resolver<Values>)(
    { ...values, correctChoiceId: values.correctChoiceId ? Number(values.correctChoiceId) : undefined },
    context,
    options,
  );

/** A regrade of one question, started from it (the item statistics): its choices picked by their text. */
export function RegradeButton({ testId, question }: { testId: number; question: RegradeQuestion }) {
  const messages = useOrganiserMessages();
  const [t, c] = [messages.results, messages.common];
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<{ report: RegradeReport; values: Values } | null>(null);
  const form = useForm<Values>({
    resolver: regradeResolver,
    defaultValues: { questionId: question.questionId, action: "key", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const action = form.watch("action");
  // A dry run is of the values it was made with: any change but the reason asks for a new one.
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name !== "reason") setReport(null);
    });
    return () => watching.unsubscribe();
  }, [form]);
  const close = () => {
    setOpen(false);
    setReport(null);
    form.reset();
  };
  const send = (dryRun: boolean) =>
    submitWith(form, async (values) => {
      const input: RegradeInput = {
        questionId: question.questionId,
        action: values.action,
        dryRun,
        ...(values.action === "key" ? { correctChoiceId: values.correctChoiceId } : { voidAwards: values.voidAwards }),
        ...(values.reason ? { reason: values.reason } : {}),
        // Applying is of the key the dry run saw; the server refuses it if the key moved since.
        ...(!dryRun && report ? { expectedKeyHash: report.report.oldKeyHash } : {}),
      };
      // Applying is audited, so it needs a reason; the server's schema says the same.
      if (!dryRun && !values.reason) {
        form.setError("reason", { message: messages.validation.reason });
        return;
      }
      const result = await api<RegradeReport>(`/admin/tests/${testId}/regrade`, { method: "POST", body: input });
      setReport({ report: result, values });
      if (!dryRun) {
        toast.success(t.applied({ count: result.changes.length }), { id: "regrade" });
        close();
        router.refresh();
      }
    });
  return (
    <>
      <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)} data-testid={`regrade-${question.questionId}`}>
        {t.regrade}
      </Button>
      <Dialog
        open={open}
        onDismiss={close}
        title={t.regradeTitle}
        description={t.regradeLead}
        size="lg"
        className="p-5"
        descriptionClassName="text-sm text-slate-600"
      >
        <form onSubmit={send(true)} noValidate className="mt-4 flex min-h-0 flex-col gap-3 overflow-auto">
          <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
            <p className="font-mono text-xs text-slate-500">#{question.questionId}</p>
            <RichText html={question.text} className="text-slate-800" />
          </div>
          <fieldset className="flex flex-col gap-1.5 text-sm">
            <legend className="mb-1 font-medium text-slate-800">{t.action}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" value="key" className="size-4" {...form.register("action")} />
              {t.actionKey}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="void" className="size-4" {...form.register("action")} />
              {t.actionVoid}
            </label>
          </fieldset>
          {action === "key" ? (
            <fieldset
              className="flex flex-col gap-1.5 text-sm"
              aria-describedby={errors.correctChoiceId ? "regrade-choice-error" : undefined}
            >
              <legend className="mb-1 font-medium text-slate-800">{t.correctChoice}</legend>
              {question.choices.map((choice, index) => (
                <label
                  key={choice.choiceId}
                  className="flex items-start gap-2 rounded-md p-1.5 ring-1 ring-slate-200 has-[:checked]:ring-primary-600"
                >
                  <input type="radio" value={choice.choiceId} className="mt-0.5 size-4 shrink-0" {...form.register("correctChoiceId")} />
                  <span className="font-semibold">{letter(index)}</span>
                  <RichText as="span" html={choice.text} className="min-w-0 flex-1" />
                  {choice.isCorrect && <span className="shrink-0 text-xs text-slate-500">{t.currentKey}</span>}
                </label>
              ))}
              {errors.correctChoiceId && (
                <p id="regrade-choice-error" className="text-sm text-red-700">
                  {errors.correctChoiceId.message}
                </p>
              )}
            </fieldset>
          ) : (
            <fieldset className="flex flex-col gap-1.5 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="all" className="size-4" {...form.register("voidAwards")} />
                {t.voidAll}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="none" className="size-4" {...form.register("voidAwards")} />
                {t.voidNone}
              </label>
              {errors.voidAwards && <p className="text-sm text-red-700">{errors.voidAwards.message}</p>}
            </fieldset>
          )}
          <Field id={`regrade-reason-${question.questionId}`} label={c.reason} hint={c.reasonHint} error={errors.reason?.message}>
            <Input
              id={`regrade-reason-${question.questionId}`}
              autoComplete="off"
              maxLength={500}
              invalid={Boolean(errors.reason)}
              {...form.register("reason")}
            />
          </Field>
          {report && (
            <>
              <Tried question={question} values={report.values} />
              <Changes report={report.report} />
            </>
          )}
          {/* Always in sight at the foot of the scrolling form, however long the dry run's list. */}
          <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white pt-3">
            <Button variant="secondary" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" variant="secondary" pending={isSubmitting} data-testid="regrade-dry-run">
              {t.dryRun}
            </Button>
            <Button variant="danger" onClick={send(false)} disabled={!report || isSubmitting} data-testid="regrade-apply">
              {t.apply}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

// What the organiser does to a test's scores: recompute them from the answers (a check, changes
// nothing), and regrade a question (fix its key or void it): a dry run first, then apply.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { showServerErrors } from "@/components/ui/server-errors";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { api, showError } from "@/lib/http/client";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import type { RecomputeReport, RegradeReport } from "@/lib/results/rescoring";
import { type RegradeInput, regradeSchema } from "@/lib/validation/organiser";

const t = uzOrganiser.results;
const c = uzOrganiser.common;

export function RecomputeButton({ testId }: { testId: number }) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const report = await api<RecomputeReport>(`/admin/tests/${testId}/recompute`, { method: "POST" });
      const message = t.recomputeDone(report.checked, report.differences.length);
      if (report.differences.length === 0) toast.success(message, { id: "recompute" });
      else toast.error(message, { id: "recompute" });
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

function Changes({ report }: { report: RegradeReport }) {
  if (report.changes.length === 0) return <p className="text-sm text-slate-700">{t.noChanges}</p>;
  return (
    <div className="max-h-72 overflow-auto">
      <p className="mb-2 text-sm font-semibold text-slate-800">{t.changes(report.changes.length)}</p>
      <Table data-testid="regrade-changes">
        <THead>
          <tr>
            <TH>{uzOrganiser.pupils.fullName}</TH>
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
                <span className="block text-xs text-slate-500">{change.districtName}</span>
              </TD>
              <TD className="text-right tabular-nums">{change.oldScore.toFixed(1)}</TD>
              <TD className="text-right font-semibold tabular-nums">{change.newScore.toFixed(1)}</TD>
              <TD className="text-right tabular-nums">{change.oldRank ?? "—"}</TD>
              <TD className="text-right font-semibold tabular-nums">{change.newRank ?? "—"}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

export function RegradeButton({ testId }: { testId: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<RegradeReport | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(regradeSchema) as unknown as Resolver<Values>,
    defaultValues: { action: "key", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const action = form.watch("action");
  // A dry run is of the values it was made with: any change asks for a new one before applying.
  useEffect(() => {
    const watching = form.watch(() => setReport(null));
    return () => watching.unsubscribe();
  }, [form]);
  const close = () => {
    setOpen(false);
    setReport(null);
    form.reset();
  };
  const send = (dryRun: boolean) =>
    form.handleSubmit(async (values) => {
      const input: RegradeInput = {
        questionId: values.questionId,
        action: values.action,
        dryRun,
        ...(values.action === "key" ? { correctChoiceId: values.correctChoiceId } : { voidAwards: values.voidAwards }),
        ...(values.reason ? { reason: values.reason } : {}),
        // Applying is of the key the dry run saw; the server refuses it if the key moved since.
        ...(!dryRun && report ? { expectedKeyHash: report.oldKeyHash } : {}),
      };
      // Applying is audited, so it needs a reason; the server's schema says the same.
      if (!dryRun && !values.reason) {
        form.setError("reason", { message: uzOrganiser.validation.reason });
        return;
      }
      try {
        const result = await api<RegradeReport>(`/admin/tests/${testId}/regrade`, { method: "POST", body: input });
        setReport(result);
        if (!dryRun) {
          toast.success(t.applied(result.changes.length), { id: "regrade" });
          close();
          router.refresh();
        }
      } catch (error) {
        if (showServerErrors(form, error)?.status !== 422) showError(error);
      }
    });
  const number = { valueAsNumber: true } as const;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="regrade">
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
          <Field id="regrade-question" label={t.questionId} error={errors.questionId?.message}>
            <Input
              id="regrade-question"
              type="number"
              inputMode="numeric"
              invalid={Boolean(errors.questionId)}
              {...form.register("questionId", number)}
            />
          </Field>
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
            <Field id="regrade-choice" label={t.correctChoiceId} error={errors.correctChoiceId?.message}>
              <Input
                id="regrade-choice"
                type="number"
                inputMode="numeric"
                invalid={Boolean(errors.correctChoiceId)}
                {...form.register("correctChoiceId", number)}
              />
            </Field>
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
          <Field id="regrade-reason" label={c.reason} hint={c.reasonHint} error={errors.reason?.message}>
            <Input id="regrade-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
          </Field>
          {report && <Changes report={report} />}
          <div className="flex flex-wrap justify-end gap-2">
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

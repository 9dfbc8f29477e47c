// What the organiser does to a test's scores: recompute them from the answers (a check, changes
// nothing), and regrade a question (fix its key, accept another choice too, or void it): a dry run
// first, then apply. The regrade's fields are in regrade-fields.tsx, its dry run's report in
// regrade-report.tsx.
"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { submitWith } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import type { RecomputeReport, RegradeReport } from "@/lib/appeals/rescoring";
import { api } from "@/shared/http/client";
import type { RegradeInput } from "@/shared/results/schema";
import { RegradeFields } from "./regrade-fields";
import { type RegradeQuestion, type RegradeValues, regradeResolver } from "./regrade-form";
import { DryRunReport } from "./regrade-report";

export function RecomputeButton({ testId }: { testId: number }) {
  const texts = useOrganiserMessages().results;
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const report = await api<RecomputeReport>(`/admin/tests/${testId}/recompute`, { method: "POST" });
      const differences = report.differences.length;
      if (differences === 0) toast.success(texts.recomputeSame({ count: report.checked }), { id: "recompute" });
      else toast.error(texts.recomputeDiffers({ count: report.checked, differences }), { id: "recompute" });
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} pending={pending} data-testid="recompute">
      {texts.recompute}
    </Button>
  );
}

/** A regrade of one question, started from it (the item statistics): its choices picked by their text. */
export function RegradeButton({ testId, question }: { testId: number; question: RegradeQuestion }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.results, messages.common];
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<{ report: RegradeReport; values: RegradeValues } | null>(null);
  const form = useForm<RegradeValues>({
    resolver: regradeResolver,
    defaultValues: { questionId: question.questionId, action: "key", reason: "" },
  });
  const { isSubmitting } = form.formState;
  const action = form.watch("action");
  // A dry run is of the values it was made with: any change but the reason asks for a new one.
  useEffect(() => {
    const watching = form.watch((values, { name }) => {
      if (name !== "reason") setReport(null);
      // A choice already correct is no choice to accept as correct too.
      const picked = question.choices.find((c) => String(c.choiceId) === String(values.correctChoiceId));
      if (name === "action" && values.action === "also" && picked?.isCorrect) form.setValue("correctChoiceId", undefined);
    });
    return () => watching.unsubscribe();
  }, [form, question.choices]);
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
        ...(values.action === "void" ? { voidAwards: values.voidAwards } : { correctChoiceId: values.correctChoiceId }),
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
        toast.success(texts.applied({ count: result.changes.length }), { id: "regrade" });
        close();
        router.refresh();
      }
    });
  return (
    <>
      <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)} data-testid={`regrade-${question.questionId}`}>
        {texts.regrade}
      </Button>
      <Dialog
        open={open}
        onDismiss={close}
        title={texts.regradeTitle}
        description={texts.regradeLead}
        size="lg"
        className="p-5"
        descriptionClassName="text-sm text-slate-600"
      >
        <form onSubmit={send(true)} noValidate className="mt-4 flex min-h-0 flex-col gap-3 overflow-auto">
          <RegradeFields form={form} question={question} action={action} />
          {report && <DryRunReport question={question} values={report.values} report={report.report} />}
          {/* Always in sight at the foot of the scrolling form, however long the dry run's list. */}
          <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white pt-3">
            <Button variant="secondary" onClick={close}>
              {common.cancel}
            </Button>
            <Button type="submit" variant="secondary" pending={isSubmitting} data-testid="regrade-dry-run">
              {texts.dryRun}
            </Button>
            <Button variant="danger" onClick={send(false)} disabled={!report || isSubmitting} data-testid="regrade-apply">
              {texts.apply}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

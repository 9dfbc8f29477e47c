// Finalising a test's second-stage list: the confirmation shows the list as it would be finalised
// now (its counts and its hash, asked of the server when the dialog opens), says why it cannot be
// yet, and asks why when a final list is already published; the server refuses a list that changed
// since it was shown.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/button-style";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/field";
import { showServerErrors } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import type { FinalisePreview } from "@/lib/final-list/finalise";
import type { OrganiserMessages } from "@/lib/i18n/organiser";
import { finaliseSchema } from "@/shared/appeals/console";
import { ApiError, api } from "@/shared/http/client";
import { ErrorCode } from "@/shared/http/contract";
import { formatTashkent } from "@/shared/time";

/** A value as it comes over JSON: its dates as ISO text. */
type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
type Preview = Json<FinalisePreview>;

type FinaliseValues = { expectedTopHash: string; reason: string };

/** The refusals after which the confirmation asks again what the list is now. */
const STALE: readonly number[] = [ErrorCode.ListChanged, ErrorCode.AppealsOpen, ErrorCode.AppealsPending];

export function FinaliseButton({ testId }: { testId: number }) {
  const messages = useOrganiserMessages();
  const [texts, common] = [messages.appeals, messages.common];
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useForm<FinaliseValues>({
    resolver: zodResolver(finaliseSchema) as unknown as Resolver<FinaliseValues>,
    defaultValues: { expectedTopHash: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const load = async () => {
    setPreview(null);
    try {
      const shown = await api<Preview>(`/admin/tests/${testId}/final`);
      setPreview(shown);
      form.setValue("expectedTopHash", shown.topHash);
    } catch (error) {
      showError(error);
      setOpen(false);
    }
  };
  const start = () => {
    setOpen(true);
    void load();
  };
  const close = () => {
    setOpen(false);
    setPreview(null);
    form.reset();
  };

  const final = preview?.status.final ?? null;
  const unchanged = final !== null && final.topHash === preview?.topHash;
  const submit = form.handleSubmit(async (values) => {
    // Finalising again changes a published list: the server asks for a reason, and so does this form.
    if (final && !values.reason?.trim()) {
      form.setError("reason", { message: messages.validation.reason });
      return;
    }
    try {
      const done = await api<{ version: number }>(`/admin/tests/${testId}/final`, { method: "POST", body: values });
      toast.success(texts.finalised({ version: done.version }), { id: "finalise" });
      close();
      router.refresh();
    } catch (error) {
      showServerErrors(form, error);
      showError(error);
      if (error instanceof ApiError && error.code !== null && STALE.includes(error.code)) void load();
    }
  });

  return (
    <>
      <Button onClick={start} data-testid="finalise">
        {texts.finalise}
      </Button>
      <Dialog
        open={open}
        onDismiss={close}
        title={texts.finaliseTitle}
        description={texts.finaliseLead}
        size="lg"
        className="p-5"
        descriptionClassName="text-sm text-slate-600"
      >
        {preview === null ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner />
            {texts.loading}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 flex min-h-0 flex-col gap-3 overflow-auto" data-testid="finalise-form">
            <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="finalise-counts">
              <Figure label={texts.ranked} testId="finalise-ranked">
                {preview.ranked}
              </Figure>
              <Figure label={texts.selected} testId="finalise-selected">
                {preview.selected}
              </Figure>
              <Figure label={texts.decidedCount} testId="finalise-decided">
                {preview.status.appeals - preview.status.pending}
              </Figure>
            </dl>
            <div className="text-xs text-slate-700">
              <p className="font-semibold text-slate-900">{texts.listHash}</p>
              <p className="break-all font-mono" data-testid="finalise-hash">
                {preview.topHash}
              </p>
            </div>
            {!preview.ready && (
              <ul
                role="alert"
                className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
                data-testid="finalise-not-ready"
              >
                {notReady(texts, preview).map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
            {preview.ready && final && unchanged && (
              <p
                role="status"
                className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
                data-testid="finalise-unchanged"
              >
                {texts.unchanged}
              </p>
            )}
            {final && !unchanged && (
              <>
                <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="finalise-again">
                  {texts.already({ time: formatTashkent(final.finalisedAt), version: final.version })}
                </p>
                <Field id="finalise-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
                  <Textarea id="finalise-reason" rows={2} maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
                </Field>
              </>
            )}
            <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white pt-3">
              <Button variant="secondary" onClick={close}>
                {common.cancel}
              </Button>
              <Button type="submit" pending={isSubmitting} disabled={!preview.ready || unchanged} data-testid="finalise-confirm">
                {texts.confirm}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Why the list cannot be finalised yet, from what the server said of it: each reason that holds. */
function notReady(texts: OrganiserMessages["appeals"], { status }: Preview): string[] {
  const reasons: string[] = [];
  if (status.appealsOpen) reasons.push(texts.notReadyOpen({ time: formatTashkent(status.appealsCloseAt) }));
  if (status.pending > 0) reasons.push(texts.notReadyPending({ n: status.pending }));
  return reasons.length > 0 ? reasons : [texts.notReadyAttempts];
}

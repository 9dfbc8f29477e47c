// What the organiser may do to a pupil on the day, each with a reason that the audit log keeps:
// block or unblock, a new password (shown once), lift a sign-in lock, extra minutes, end or reset
// the attempt.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { showServerErrors } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { api, showError } from "@/lib/http/client";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import type { PupilDetail } from "@/lib/organiser/pupils";
import { extraMinutesSchema, reasonSchema } from "@/lib/validation/organiser";

const t = uzOrganiser.pupils;
const c = uzOrganiser.common;

type Values = { reason: string; minutes?: number };

type ActionProps = {
  label: string;
  hint?: string;
  variant?: "primary" | "secondary" | "danger";
  withMinutes?: number;
  testId: string;
  /** Sends the action; resolves with what to show afterwards (a new password), if anything. */
  run: (values: Values) => Promise<ReactNode | undefined>;
  done: string;
};

function Action({ label, hint, variant = "secondary", withMinutes, testId, run, done }: ActionProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<ReactNode>(null);
  const schema = withMinutes === undefined ? reasonSchema : extraMinutesSchema;
  const form = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: { reason: "", ...(withMinutes !== undefined && { minutes: withMinutes }) },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setOpen(false);
    setShown(null);
    form.reset();
    router.refresh();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await run(values);
      toast.success(done, { id: testId });
      if (result) setShown(result);
      else close();
    } catch (error) {
      if (showServerErrors(form, error)?.status !== 422) showError(error);
    }
  });

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Dialog
        open={open}
        onDismiss={close}
        title={label}
        description={hint ?? label}
        hideDescription={!hint}
        descriptionClassName="text-sm text-slate-600"
      >
        {shown ? (
          <div className="mt-4 flex flex-col gap-3">
            {shown}
            <Button onClick={close}>{c.done}</Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
            {withMinutes !== undefined && (
              <Field id={`${testId}-minutes`} label={t.extraMinutes} error={errors.minutes?.message}>
                <Input
                  id={`${testId}-minutes`}
                  type="number"
                  inputMode="numeric"
                  invalid={Boolean(errors.minutes)}
                  {...form.register("minutes", { valueAsNumber: true })}
                />
              </Field>
            )}
            <Field id={`${testId}-reason`} label={c.reason} hint={c.reasonHint} error={errors.reason?.message}>
              <Input
                id={`${testId}-reason`}
                autoComplete="off"
                maxLength={500}
                invalid={Boolean(errors.reason)}
                {...form.register("reason")}
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {c.cancel}
              </Button>
              <Button type="submit" variant={variant === "danger" ? "danger" : "primary"} pending={isSubmitting}>
                {label}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}

export function PupilActions({ pupil }: { pupil: PupilDetail }) {
  const base = `/admin/pupils/${pupil.userId}`;
  const attempt = pupil.attempt;
  return (
    <div className="flex flex-wrap gap-2">
      <Action
        testId={pupil.blocked ? "unblock" : "block"}
        label={pupil.blocked ? t.unblock : t.block}
        variant={pupil.blocked ? "secondary" : "danger"}
        done={pupil.blocked ? t.unblockDone : t.blockDone}
        run={async ({ reason }) => {
          await api(`${base}/blocked`, { method: "PUT", body: { blocked: !pupil.blocked, reason } });
          return undefined;
        }}
      />
      {pupil.username && (
        <Action
          testId="reset-password"
          label={t.resetPassword}
          hint={t.resetPasswordHint}
          done={t.resetPassword}
          run={async ({ reason }) => {
            const { password } = await api<{ password: string }>(`${base}/password`, { method: "POST", body: { reason } });
            return (
              <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="text-sm text-slate-600">{t.newPassword}</p>
                <p className="my-1 font-mono text-xl font-bold tracking-wider" data-testid="new-password">
                  {password}
                </p>
                <CopyButton value={password} label={t.newPassword} testId="copy-new-password" />
              </div>
            );
          }}
        />
      )}
      {pupil.username && (
        <Action
          testId="unlock"
          label={t.unlock}
          hint={t.unlockHint}
          done={t.unlockDone}
          run={async ({ reason }) => {
            await api(`${base}/unlock`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
      <Action
        testId="extra-minutes"
        label={t.setExtraMinutes}
        hint={t.extraMinutesHint}
        withMinutes={pupil.extraMinutes}
        done={t.extraMinutesDone}
        run={async ({ reason, minutes }) => {
          await api(`${base}/extra-minutes`, { method: "PUT", body: { minutes, reason } });
          return undefined;
        }}
      />
      {attempt?.state === "running" && (
        <Action
          testId="end-attempt"
          label={t.endAttempt}
          variant="danger"
          done={t.endAttemptDone}
          run={async ({ reason }) => {
            await api(`/admin/attempts/${attempt.attemptId}/end`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
      {attempt && attempt.state !== "reset" && (
        <Action
          testId="reset-attempt"
          label={t.resetAttempt}
          hint={t.resetAttemptHint}
          variant="danger"
          done={t.resetAttemptDone}
          run={async ({ reason }) => {
            await api(`/admin/attempts/${attempt.attemptId}/reset`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
    </div>
  );
}

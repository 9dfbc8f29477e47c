// An organiser's act that asks why (the audit log keeps the reason) in a dialog, with the fields
// the act needs (extra minutes, a corrected name, a name typed to confirm), and shows
// what it returns (a new password).
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { extraMinutesSchema, pupilNameSchema } from "@/shared/pupils/schema";
import { confirmedActSchema, reasonSchema } from "@/shared/validation/reason";

export type Names = { firstName: string; lastName: string; middleName: string };
export type ReasonValues = { reason: string; minutes?: number; confirmName?: string } & Partial<Names>;

type ReasonActionProps = {
  label: string;
  hint?: string;
  variant?: "primary" | "secondary" | "danger";
  /** The dialog's own button in red although the one opening it is not (a row of many). */
  confirmDanger?: boolean;
  /** The button's look where it sits in a row of small ones. */
  compact?: boolean;
  withMinutes?: number;
  /** The pupil's name as it stands, to correct (the certificate's name). */
  withNames?: Names;
  /**
   * A name to be typed exactly before the act can be sent (the subject's, to close a test now; the
   * pupil's username, to erase them), with its field's label.
   */
  withConfirmName?: { name: string; label: string };
  testId: string;
  /** Sends the act; resolves with what to show afterwards (a new password), if anything. */
  run: (values: ReasonValues) => Promise<ReactNode | undefined>;
  done: string;
};

export function ReasonAction({
  label,
  hint,
  variant = "secondary",
  confirmDanger,
  compact,
  withMinutes,
  withNames,
  withConfirmName,
  testId,
  run,
  done,
}: ReasonActionProps) {
  const organiserMessages = useOrganiserMessages();
  const common = organiserMessages.common;
  const messages = useMessages();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<ReactNode>(null);
  const schema = withNames
    ? pupilNameSchema
    : withConfirmName !== undefined
      ? confirmedActSchema
      : withMinutes === undefined
        ? reasonSchema
        : extraMinutesSchema;
  const form = useForm<ReasonValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ReasonValues>,
    defaultValues: {
      reason: "",
      ...(withMinutes !== undefined && { minutes: withMinutes }),
      ...withNames,
      ...(withConfirmName !== undefined && { confirmName: "" }),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const typedName = form.watch("confirmName");
  const unconfirmed = withConfirmName !== undefined && typedName?.trim() !== withConfirmName.name;
  const close = () => {
    setOpen(false);
    setShown(null);
    form.reset();
    router.refresh();
  };
  const submit = submitWith(form, async (values) => {
    const result = await run(values);
    toast.success(done, { id: testId });
    if (result) setShown(result);
    else close();
  });

  return (
    <>
      <Button variant={variant} size={compact ? "compact" : "regular"} onClick={() => setOpen(true)} data-testid={testId}>
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
            <Button onClick={close}>{common.done}</Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
            {withMinutes !== undefined && (
              <Field id={`${testId}-minutes`} label={organiserMessages.pupils.extraMinutes} error={errors.minutes?.message}>
                <Input
                  id={`${testId}-minutes`}
                  type="number"
                  inputMode="numeric"
                  invalid={Boolean(errors.minutes)}
                  {...form.register("minutes", { valueAsNumber: true })}
                />
              </Field>
            )}
            {withNames &&
              (["lastName", "firstName", "middleName"] as const).map((name) => (
                <Field key={name} id={`${testId}-${name}`} label={messages.registration[name]} error={errors[name]?.message}>
                  <Input
                    id={`${testId}-${name}`}
                    autoComplete="off"
                    maxLength={50}
                    invalid={Boolean(errors[name])}
                    {...form.register(name)}
                  />
                </Field>
              ))}
            {withConfirmName !== undefined && (
              <Field id={`${testId}-confirm`} label={withConfirmName.label} hint={withConfirmName.name}>
                <Input id={`${testId}-confirm`} autoComplete="off" maxLength={100} {...form.register("confirmName")} />
              </Field>
            )}
            <Field id={`${testId}-reason`} label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
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
                {common.cancel}
              </Button>
              <Button
                type="submit"
                variant={variant === "danger" || confirmDanger ? "danger" : "primary"}
                pending={isSubmitting}
                disabled={unconfirmed}
              >
                {label}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}

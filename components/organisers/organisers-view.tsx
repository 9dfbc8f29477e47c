// The organisers: the list, a new one (its password shown once), and a password reset; each with
// a reason, and the head organiser's alone (the server says 403 to the others).
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ReasonAction } from "@/components/console/reason-action";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { OrganiserRow } from "@/lib/organisers/organisers";
import { api } from "@/shared/http/client";
import { type OrganiserInput, organiserSchema } from "@/shared/organisers/schema";
import { formatTashkent } from "@/shared/time";

function Shown({ title, password }: { title: string; password: string }) {
  return (
    <div className="rounded-lg bg-green-50 p-3 ring-1 ring-green-200" role="status">
      <p className="text-sm text-green-900">{title}</p>
      <p className="my-1 font-mono text-xl font-bold tracking-wider" data-testid="organiser-password">
        {password}
      </p>
      <CopyButton value={password} label={title} />
    </div>
  );
}

export function OrganisersView({ items }: { items: OrganiserRow[] }) {
  const messages = useOrganiserMessages();
  const texts = messages.organisers;
  const router = useRouter();
  const [shown, setShown] = useState<{ title: string; password: string } | null>(null);
  const form = useForm<OrganiserInput>({
    resolver: zodResolver(organiserSchema) as unknown as Resolver<OrganiserInput>,
    defaultValues: { username: "", firstName: "", lastName: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const create = submitWith(form, async (input) => {
    const created = await api<{ username: string; password: string }>("/admin/organisers", { method: "POST", body: input });
    setShown({ title: texts.created({ username: created.username }), password: created.password });
    form.reset();
    router.refresh();
  });

  return (
    <div className="flex flex-col gap-4">
      {shown && <Shown {...shown} />}
      <Table data-testid="organisers-table">
        <THead>
          <tr>
            <TH>{texts.username}</TH>
            <TH>{texts.fullName}</TH>
            <TH>{texts.lastSignIn}</TH>
            <TH />
          </tr>
        </THead>
        <TBody>
          {items.map((row) => (
            <TR key={row.userId}>
              <TD className="font-mono">{row.username}</TD>
              <TD>{row.fullName}</TD>
              <TD className="whitespace-nowrap">{formatTashkent(row.lastSignInAt)}</TD>
              <TD>
                <ReasonAction
                  compact
                  testId={`reset-organiser-${row.userId}`}
                  label={texts.resetPassword}
                  done={texts.resetPassword}
                  run={async ({ reason }) => {
                    const { password } = await api<{ password: string }>(`/admin/organisers/${row.userId}/password`, {
                      method: "POST",
                      body: { reason },
                    });
                    return <Shown title={texts.passwordOf({ username: row.username })} password={password} />;
                  }}
                />
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Card size="panel" as="section">
        <h2 className="mb-3 font-semibold">{texts.add}</h2>
        <form onSubmit={create} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
          <Field id="username" label={texts.username} error={errors.username?.message}>
            <Input
              id="username"
              autoCapitalize="none"
              autoComplete="off"
              invalid={Boolean(errors.username)}
              {...form.register("username")}
            />
          </Field>
          <Field id="firstName" label={texts.firstName} error={errors.firstName?.message}>
            <Input id="firstName" invalid={Boolean(errors.firstName)} {...form.register("firstName")} />
          </Field>
          <Field id="lastName" label={texts.lastName} error={errors.lastName?.message}>
            <Input id="lastName" invalid={Boolean(errors.lastName)} {...form.register("lastName")} />
          </Field>
          <Field id="organiser-reason" label={messages.common.reason} error={errors.reason?.message}>
            <Input id="organiser-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
          </Field>
          <div className="flex items-end">
            <Button type="submit" pending={isSubmitting} className="w-full">
              {texts.add}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

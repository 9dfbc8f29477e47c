// A season's settings as the organiser writes them: year and title, the registration period and fee
// the offer states, the camp's dates and place, and why (the audit log keeps it).
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import type { SeasonRow } from "@/lib/seasons/console";
import { api } from "@/shared/http/client";
import { type SeasonInput, seasonSchema } from "@/shared/seasons/schema";
import { dateTextOf } from "@/shared/time";

type Values = Omit<SeasonInput, "campStarts" | "campEnds" | "campPlace" | "useExposed"> & {
  campStarts: string;
  campEnds: string;
  campPlace: string;
  useExposed?: boolean;
};
type Made = { seasonId: number; carried: { tests: number; questions: number; exposed: number; kept: number } };

/** A day of the form as the organiser reads it, dd.mm.yyyy, or empty. */
const shown = (iso: string | null) => (iso ? dateTextOf(iso) : "");

/** The form's values of a season (to edit it), or of the season after `from` (a new one: a year on). */
export function seasonValues(season: SeasonRow | null, { next = false } = {}): Values {
  const yearOn = (iso: string | null) => (iso && next ? `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}` : iso);
  const year = season ? season.year + (next ? 1 : 0) : new Date().getFullYear();
  return {
    year,
    title: next || !season ? String(year) : season.title,
    registrationOpens: shown(yearOn(season?.registrationOpens ?? null)),
    registrationCloses: shown(yearOn(season?.registrationCloses ?? null)),
    feeSom: season?.feeSom ?? 75_000,
    campStarts: shown(yearOn(season?.campStarts ?? null)),
    campEnds: shown(yearOn(season?.campEnds ?? null)),
    campPlace: season?.campPlace ?? "",
    reason: "",
  };
}

type Props = { seasonId: number | null; initial: Values; onDone: () => void; testId: string };

export function SeasonForm({ seasonId, initial, onDone, testId }: Props) {
  const messages = useOrganiserMessages();
  const texts = messages.seasons;
  const router = useRouter();
  const form = useForm<Values>({ resolver: zodResolver(seasonSchema) as unknown as Resolver<Values>, defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const submit = submitWith(form, async (values) => {
    if (seasonId === null) {
      const { carried } = await api<Made>("/admin/seasons", { method: "POST", body: values });
      toast.success(texts.carried({ year: values.year, ...carried }), { id: testId });
    } else {
      const { useExposed: _new, ...settings } = values;
      await api(`/admin/seasons/${seasonId}`, { method: "PUT", body: settings });
      toast.success(texts.saved({ year: values.year }), { id: testId });
    }
    onDone();
    router.refresh();
  });
  const text = (name: "title" | "registrationOpens" | "registrationCloses" | "campStarts" | "campEnds" | "campPlace", label: string) => (
    <Field id={`${testId}-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`${testId}-${name}`} autoComplete="off" invalid={Boolean(errors[name])} {...form.register(name)} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid={testId}>
      <Field id={`${testId}-year`} label={texts.year} error={errors.year?.message}>
        <Input
          id={`${testId}-year`}
          inputMode="numeric"
          invalid={Boolean(errors.year)}
          {...form.register("year", { valueAsNumber: true })}
        />
      </Field>
      {text("title", texts.seasonTitle)}
      {text("registrationOpens", texts.registrationOpens)}
      {text("registrationCloses", texts.registrationCloses)}
      <Field id={`${testId}-fee`} label={texts.fee} error={errors.feeSom?.message}>
        <Input
          id={`${testId}-fee`}
          inputMode="numeric"
          invalid={Boolean(errors.feeSom)}
          {...form.register("feeSom", { valueAsNumber: true })}
        />
      </Field>
      {text("campStarts", texts.campStarts)}
      {text("campEnds", texts.campEnds)}
      {text("campPlace", texts.campPlace)}
      <div className="sm:col-span-2">
        <Field id={`${testId}-reason`} label={messages.common.reason} error={errors.reason?.message}>
          <Input id={`${testId}-reason`} autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
        </Field>
      </div>
      {seasonId === null && (
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:col-span-2 lg:col-span-4">
          <input type="checkbox" className="size-4" data-testid={`${testId}-use-exposed`} {...form.register("useExposed")} />
          {texts.useExposed}
        </label>
      )}
      <div className="flex flex-wrap items-end gap-2 whitespace-nowrap sm:col-span-2">
        <Button type="submit" pending={isSubmitting}>
          {texts.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}

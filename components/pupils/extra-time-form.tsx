// Extra minutes for every running attempt of a test at once, or of its pupils in one region or
// district: what an incident (a power cut, a network down) costs them is given back.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type Resolver, useForm } from "react-hook-form";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import type { District, Region } from "@/lib/reference/types";
import { api } from "@/shared/http/client";
import { gradeAndSubject } from "@/shared/i18n/words";
import { bulkExtraTimeSchema } from "@/shared/incidents/schema";

/** A test open now, with how many attempts of it are running. */
export type OpenTest = { testId: number; grade: number; subjectName: string; running: number };
type ExtraTimeValues = {
  testId: number | string;
  regionId?: number | string;
  districtId?: number | string;
  minutes: number;
  reason: string;
};

export function ExtraTime({ tests, regions, districts }: { tests: OpenTest[]; regions: Region[]; districts: District[] }) {
  const organiserMessages = useOrganiserMessages();
  const [texts, common] = [organiserMessages.incidents, organiserMessages.common];
  const messages = useMessages();
  const local = useLocalName();
  const router = useRouter();
  const form = useForm<ExtraTimeValues>({
    resolver: zodResolver(bulkExtraTimeSchema) as unknown as Resolver<ExtraTimeValues>,
    defaultValues: { testId: tests[0]?.testId ?? "", regionId: "", districtId: "", minutes: 5, reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const regionId = Number(form.watch("regionId")) || null;
  const submit = submitWith(form, async (values) => {
    const done = await api<{ attempts: number; minutes: number }>("/admin/incidents/extra-time", { method: "POST", body: values });
    toast.success(texts.applied({ count: done.attempts, minutes: done.minutes }), { id: "extra-time", duration: 10_000 });
    form.reset({ ...values, reason: "" });
    router.refresh();
  });
  return (
    <Card size="panel" as="section" aria-labelledby="extra-time-title">
      <h2 id="extra-time-title" className="text-lg font-semibold">
        {texts.extraTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.extraLead}</p>
      {tests.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{texts.noTests}</p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="extra-time-form">
          <Field id="extra-test" label={texts.test} error={errors.testId?.message}>
            <Select id="extra-test" {...form.register("testId")}>
              {tests.map((test) => (
                <option key={test.testId} value={test.testId}>
                  {`${gradeAndSubject(messages, test.grade, local(test.subjectName))} — ${texts.running({ count: test.running })}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="extra-minutes" label={texts.minutes} error={errors.minutes?.message}>
            <Input
              id="extra-minutes"
              type="number"
              inputMode="numeric"
              invalid={Boolean(errors.minutes)}
              {...form.register("minutes", { valueAsNumber: true })}
            />
          </Field>
          <Field id="extra-region" label={common.region}>
            <Select id="extra-region" {...form.register("regionId", { onChange: () => form.setValue("districtId", "") })}>
              <option value="">{common.all}</option>
              {regions.map((r) => (
                <option key={r.regionId} value={r.regionId}>
                  {local(r.name)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="extra-district" label={common.district}>
            <Select id="extra-district" disabled={regionId === null} {...form.register("districtId")}>
              <option value="">{common.all}</option>
              {districts
                .filter((d) => d.regionId === regionId)
                .map((d) => (
                  <option key={d.districtId} value={d.districtId}>
                    {local(d.name)}
                  </option>
                ))}
            </Select>
          </Field>
          <div className="sm:col-span-2">
            <Field id="extra-reason" label={common.reason} hint={common.reasonHint} error={errors.reason?.message}>
              <Input id="extra-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
            </Field>
          </div>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" pending={isSubmitting}>
              {texts.apply}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

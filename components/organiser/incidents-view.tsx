// "Nosozliklar" (issue 26): extra minutes for every running attempt of a test (or of a region or
// a district) at once, and the notices every pupil's page and /holat show.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { gradeAndSubject } from "@/lib/i18n/words";
import type { Notice } from "@/lib/organiser/incidents";
import type { District, Region } from "@/lib/reference/types";
import { formatTashkent } from "@/lib/time";
import { bulkExtraTimeSchema, noticeSchema } from "@/lib/validation/organiser";

type OpenTest = { testId: number; grade: number; subjectName: string; running: number };
type ExtraTimeValues = {
  testId: number | string;
  regionId?: number | string;
  districtId?: number | string;
  minutes: number;
  reason: string;
};
type NoticeValues = { uz: string; "uz-Cyrl"?: string; ru?: string };

export function IncidentsView({
  tests,
  regions,
  districts,
  notices,
}: {
  tests: OpenTest[];
  regions: Region[];
  districts: District[];
  notices: Notice[];
}) {
  return (
    <div className="flex flex-col gap-4">
      <ExtraTime tests={tests} regions={regions} districts={districts} />
      <Notices notices={notices} />
    </div>
  );
}

function ExtraTime({ tests, regions, districts }: { tests: OpenTest[]; regions: Region[]; districts: District[] }) {
  const o = useOrganiserMessages();
  const [t, c] = [o.incidents, o.common];
  const m = useMessages();
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
    toast.success(t.applied({ count: done.attempts, minutes: done.minutes }), { id: "extra-time", duration: 10_000 });
    form.reset({ ...values, reason: "" });
    router.refresh();
  });
  return (
    <Card size="panel" as="section" aria-labelledby="extra-time-title">
      <h2 id="extra-time-title" className="text-lg font-semibold">
        {t.extraTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.extraLead}</p>
      {tests.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.noTests}</p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="extra-time-form">
          <Field id="extra-test" label={t.test} error={errors.testId?.message}>
            <Select id="extra-test" {...form.register("testId")}>
              {tests.map((test) => (
                <option key={test.testId} value={test.testId}>
                  {`${gradeAndSubject(m, test.grade, local(test.subjectName))} — ${t.running({ count: test.running })}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="extra-minutes" label={t.minutes} error={errors.minutes?.message}>
            <Input
              id="extra-minutes"
              type="number"
              inputMode="numeric"
              invalid={Boolean(errors.minutes)}
              {...form.register("minutes", { valueAsNumber: true })}
            />
          </Field>
          <Field id="extra-region" label={c.region}>
            <Select id="extra-region" {...form.register("regionId", { onChange: () => form.setValue("districtId", "") })}>
              <option value="">{c.all}</option>
              {regions.map((r) => (
                <option key={r.regionId} value={r.regionId}>
                  {local(r.name)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="extra-district" label={c.district}>
            <Select id="extra-district" disabled={regionId === null} {...form.register("districtId")}>
              <option value="">{c.all}</option>
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
            <Field id="extra-reason" label={c.reason} hint={c.reasonHint} error={errors.reason?.message}>
              <Input id="extra-reason" autoComplete="off" maxLength={500} invalid={Boolean(errors.reason)} {...form.register("reason")} />
            </Field>
          </div>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" pending={isSubmitting}>
              {t.apply}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function Notices({ notices }: { notices: Notice[] }) {
  const o = useOrganiserMessages();
  const t = o.incidents;
  const router = useRouter();
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const form = useForm<NoticeValues>({
    resolver: zodResolver(noticeSchema) as unknown as Resolver<NoticeValues>,
    defaultValues: { uz: "", "uz-Cyrl": "", ru: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = submitWith(form, async (values) => {
    await api("/admin/notices", { method: "POST", body: values });
    toast.success(t.posted, { id: "notice" });
    form.reset();
    router.refresh();
  });
  const withdraw = async (noticeId: number) => {
    setWithdrawing(noticeId);
    try {
      await api(`/admin/notices/${noticeId}`, { method: "DELETE" });
      toast.success(t.withdrawn, { id: "notice" });
      router.refresh();
    } catch (error) {
      showError(error);
    } finally {
      setWithdrawing(null);
    }
  };
  const fields = [
    ["uz", t.textUz, undefined],
    ["uz-Cyrl", t.textCyrl, t.textCyrlHint],
    ["ru", t.textRu, t.textRuHint],
  ] as const;
  return (
    <Card size="panel" as="section" aria-labelledby="notice-title">
      <h2 id="notice-title" className="text-lg font-semibold">
        {t.noticeTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t.noticeLead}{" "}
        <a href="/holat" target="_blank" rel="noreferrer" className="font-medium text-primary-700 underline">
          {t.statusPage}
        </a>
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3" data-testid="notice-form">
        {fields.map(([name, label, hint]) => (
          <Field key={name} id={`notice-${name}`} label={label} hint={hint} error={errors[name]?.message}>
            <textarea
              id={`notice-${name}`}
              rows={2}
              maxLength={500}
              lang={name}
              aria-invalid={Boolean(errors[name])}
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200"
              {...form.register(name)}
            />
          </Field>
        ))}
        <div className="flex justify-end">
          <Button type="submit" pending={isSubmitting}>
            {t.post}
          </Button>
        </div>
      </form>
      <h3 className="mt-6 text-base font-semibold">{t.current}</h3>
      {notices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.none}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="current-notices">
          {notices.map((notice) => (
            <li
              key={notice.noticeId}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200"
            >
              <div className="min-w-0 flex-1 text-sm">
                <span className="mr-2 font-mono text-xs text-slate-600">{formatTashkent(notice.createdAt)}</span>
                {notice.texts.uz}
              </div>
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                pending={withdrawing === notice.noticeId}
                onClick={() => void withdraw(notice.noticeId)}
              >
                {t.withdraw}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

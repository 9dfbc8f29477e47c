// A notice to post: its text in each language (Uzbek required), shown on every pupil's page and /holat.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type Resolver, useForm } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { submitWith } from "@/components/ui/server-errors";
import { toast } from "@/components/ui/toast";
import { api } from "@/shared/http/client";
import { noticeSchema } from "@/shared/incidents/schema";

type NoticeValues = { uz: string; "uz-Cyrl"?: string; ru?: string };

export function NoticeForm() {
  const texts = useOrganiserMessages().incidents;
  const router = useRouter();
  const form = useForm<NoticeValues>({
    resolver: zodResolver(noticeSchema) as unknown as Resolver<NoticeValues>,
    defaultValues: { uz: "", "uz-Cyrl": "", ru: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = submitWith(form, async (values) => {
    await api("/admin/notices", { method: "POST", body: values });
    toast.success(texts.posted, { id: "notice" });
    form.reset();
    router.refresh();
  });
  const fields = [
    ["uz", texts.textUz, undefined],
    ["uz-Cyrl", texts.textCyrl, texts.textCyrlHint],
    ["ru", texts.textRu, texts.textRuHint],
  ] as const;
  return (
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
          {texts.post}
        </Button>
      </div>
    </form>
  );
}

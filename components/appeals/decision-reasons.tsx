// A decision's reason in the languages its appellants read: Uzbek, Russian or both, the one they
// need first and required, the other optional (for the other pupils a regrade moves). The same
// check as the server's (shared/appeals/console.ts missingReasons).
"use client";

import type { FieldErrors, FieldValues, Resolver, UseFormRegister } from "react-hook-form";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Field, Textarea } from "@/components/ui/field";
import { missingReasons, type ReasonLanguage } from "@/shared/appeals/console";

type Reasons = { reason: string; reasonRu: string };

/** `resolver` with the reasons these appellants need added to its errors. */
export function withNeededReasons<V extends FieldValues & Reasons>(
  resolver: Resolver<V>,
  languages: readonly ReasonLanguage[],
): Resolver<V> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const missing = missingReasons({ reason: values.reason.trim(), reasonRu: values.reasonRu.trim() }, languages);
    if (missing.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<Reasons>;
    for (const { field, message } of missing) errors[field] ??= { type: "required", message };
    return { values: {}, errors } as Awaited<ReturnType<Resolver<V>>>;
  };
}

type Props = {
  id: string;
  languages: readonly ReasonLanguage[];
  register: UseFormRegister<Reasons>;
  errors: FieldErrors<Reasons>;
};

export function DecisionReasons({ id, languages, register, errors }: Props) {
  const texts = useOrganiserMessages().appeals;
  const uzbek = (
    <Field
      key="uz"
      id={`${id}-reason`}
      label={texts.reason}
      hint={languages.includes("uz") ? texts.reasonHint : texts.reasonUzHint}
      error={errors.reason?.message}
    >
      <Textarea id={`${id}-reason`} rows={3} maxLength={1000} invalid={Boolean(errors.reason)} {...register("reason")} />
    </Field>
  );
  const russian = (
    <Field
      key="ru"
      id={`${id}-reason-ru`}
      label={texts.reasonRu}
      hint={languages.includes("ru") ? texts.reasonHint : texts.reasonRuHint}
      error={errors.reasonRu?.message}
    >
      <Textarea id={`${id}-reason-ru`} rows={3} maxLength={1000} lang="ru" invalid={Boolean(errors.reasonRu)} {...register("reasonRu")} />
    </Field>
  );
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="reason-languages" data-languages={languages.join(" ")}>
        {texts.reasonLanguages({ languages: languages.map((l) => texts.reasonLanguageNames[l]).join(", ") })}
      </p>
      {languages[0] === "ru" ? [russian, uzbek] : [uzbek, russian]}
    </>
  );
}

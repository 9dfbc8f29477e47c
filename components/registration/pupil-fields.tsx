// The pupil's details with the cascading selects of spec §5; shared by registration and profile.
"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { type FieldErrors, type UseFormReturn, useWatch } from "react-hook-form";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { Field, Input, Select } from "@/components/ui/field";
import type { Organization, ReferenceData } from "@/lib/reference/types";
import { STUDY_LANGUAGES } from "@/shared/attempts/enums";
import { api } from "@/shared/http/client";
import type { PupilDetails } from "@/shared/registration/schema";

const GRADES = [5, 6, 7, 8, 9];

/** Form values as the inputs hold them: ids may be blank until chosen. */
export type PupilFormValues = { [K in keyof PupilDetails]?: PupilDetails[K] } & Record<string, unknown>;

const toNumber = (value: unknown) => (value === "" || value === undefined || value === null ? undefined : Number(value));

type Props = {
  form: UseFormReturn<PupilFormValues>;
  reference: ReferenceData;
  /** The profile requires what registration leaves optional. */
  allRequired?: boolean;
};

export function PupilFields({ form, reference, allRequired = false }: Props) {
  const messages = useMessages();
  const texts = messages.registration;
  const local = useLocalName();
  const { register, setValue, control, formState } = form;
  const errors = formState.errors as FieldErrors<PupilDetails>;
  const [regionId, districtId, grade] = useWatch({ control, name: ["regionId", "districtId", "grade"] });
  const optionalHint = allRequired ? undefined : texts.optional;

  const schools = useQuery({
    queryKey: ["organizations", districtId],
    queryFn: ({ signal }) => api<Organization[]>("/Organizations/GetAll", { query: { districtId }, signal }),
    enabled: Boolean(districtId),
    staleTime: 5 * 60_000,
    // A missing list must not take the half-filled form down with it: say so under the field.
    throwOnError: false,
  });

  // Options arrive after the saved value: put the value back on the select once they are there.
  useEffect(() => {
    if (schools.data) setValue("organizationId", form.getValues("organizationId"));
  }, [schools.data, setValue, form]);

  const districts = reference.districts.filter((d) => d.regionId === regionId);
  const subjects = reference.subjects.filter((s) => s.grade === grade);
  const clear = (...fields: (keyof PupilDetails)[]) => {
    for (const f of fields) setValue(f, undefined, { shouldDirty: true });
  };
  const error = (field: keyof PupilDetails) => errors[field]?.message;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="regionId" label={texts.region} error={error("regionId")}>
        <Select
          id="regionId"
          invalid={Boolean(errors.regionId)}
          {...register("regionId", { setValueAs: toNumber, onChange: () => clear("districtId", "organizationId") })}
        >
          <option value="">{texts.choose}</option>
          {reference.regions.map((r) => (
            <option key={r.regionId} value={r.regionId}>
              {local(r.name)}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="districtId" label={texts.district} error={error("districtId")}>
        <Select
          id="districtId"
          disabled={!regionId}
          invalid={Boolean(errors.districtId)}
          {...register("districtId", { setValueAs: toNumber, onChange: () => clear("organizationId") })}
        >
          <option value="">{texts.choose}</option>
          {districts.map((d) => (
            <option key={d.districtId} value={d.districtId}>
              {local(d.name)}
            </option>
          ))}
        </Select>
      </Field>

      <Field
        id="organizationId"
        label={texts.school}
        hint={optionalHint}
        error={error("organizationId") ?? (schools.isError ? texts.schoolsFailed : undefined)}
      >
        <Select
          id="organizationId"
          disabled={!districtId || schools.isPending}
          invalid={Boolean(errors.organizationId)}
          {...register("organizationId", { setValueAs: toNumber })}
        >
          {districtId && schools.isPending ? <option value="">{messages.common.loading}</option> : <option value="">{texts.choose}</option>}
          <option value={0}>{texts.otherSchool}</option>
          {(schools.data ?? []).map((o) => (
            <option key={o.organizationId} value={o.organizationId}>
              {local(o.name)}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="grade" label={texts.grade} error={error("grade")}>
        <Select
          id="grade"
          invalid={Boolean(errors.grade)}
          {...register("grade", { setValueAs: toNumber, onChange: () => clear("subjectId") })}
        >
          <option value="">{texts.choose}</option>
          {GRADES.map((g) => (
            <option key={g} value={g}>
              {texts.gradeOption({ grade: g })}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="subjectId" label={texts.subject} error={error("subjectId")}>
        <Select id="subjectId" disabled={!grade} invalid={Boolean(errors.subjectId)} {...register("subjectId", { setValueAs: toNumber })}>
          <option value="">{texts.choose}</option>
          {subjects.map((s) => (
            <option key={s.subjectId} value={s.subjectId}>
              {local(s.name)}
            </option>
          ))}
        </Select>
      </Field>

      {/* The language the pupil studies in: the test's questions are in it. */}
      <Field id="language" label={texts.language} hint={texts.languageHint} error={error("language")}>
        <Select id="language" invalid={Boolean(errors.language)} {...register("language", { setValueAs: toNumber })}>
          {STUDY_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {texts.languageNames[language]}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="lastName" label={texts.lastName} error={error("lastName")}>
        <Input id="lastName" autoComplete="family-name" invalid={Boolean(errors.lastName)} {...register("lastName")} />
      </Field>

      <Field id="firstName" label={texts.firstName} error={error("firstName")}>
        <Input id="firstName" autoComplete="given-name" invalid={Boolean(errors.firstName)} {...register("firstName")} />
      </Field>

      <Field id="middleName" label={texts.middleName} hint={optionalHint} error={error("middleName")}>
        <Input id="middleName" autoComplete="additional-name" invalid={Boolean(errors.middleName)} {...register("middleName")} />
      </Field>

      <Field id="birthDate" label={texts.birthDate} hint={optionalHint} error={error("birthDate")}>
        <Input
          id="birthDate"
          type="date"
          min="1990-01-01"
          max={new Date().toISOString().slice(0, 10)}
          invalid={Boolean(errors.birthDate)}
          {...register("birthDate")}
        />
      </Field>

      <Field id="phoneNumber" label={texts.phoneNumber} hint={optionalHint} error={error("phoneNumber")}>
        <div className="flex">
          <span className="inline-flex min-h-11 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600">
            {texts.phonePrefix}
          </span>
          <Input
            id="phoneNumber"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={9}
            placeholder="901234567"
            className="rounded-l-none"
            invalid={Boolean(errors.phoneNumber)}
            {...register("phoneNumber")}
          />
        </div>
      </Field>
    </div>
  );
}

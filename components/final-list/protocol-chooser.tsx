// The protocol's choice: a region (its every district) or one district, and the protocol's
// language; a plain GET form, so the address is the choice (a link can be shared, Back works).
// The district list narrows to the region chosen; without JavaScript it lists every district
// under its region.
"use client";

import { useState } from "react";
import { RegionOptions } from "@/components/console/region-options";
import { LanguageOptions } from "@/components/i18n/language-options";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { buttonClass } from "@/components/ui/button-style";
import { Field, Select } from "@/components/ui/field";
import type { ProtocolChoices } from "@/lib/final-list/protocol";
import type { Origin } from "@/shared/console/origin";
import type { Locale } from "@/shared/i18n/locale.mjs";

type Props = {
  choices: ProtocolChoices;
  regionId?: number;
  districtId?: number;
  lang: Locale;
  /** Where the organiser came from, kept by the form's address. */
  origin: Origin;
};

export function ProtocolChooser({ choices: { regions, districts }, regionId, districtId, lang, origin }: Props) {
  const texts = useOrganiserMessages().protocol;
  const [region, setRegion] = useState(regionId === undefined ? "" : String(regionId));
  const [district, setDistrict] = useState(districtId === undefined ? "" : String(districtId));
  const regionDistricts = (id: number) => districts.filter((d) => d.regionId === id);
  const chosen = region === "" ? null : Number(region);
  return (
    <form
      method="get"
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] print:hidden"
      data-testid="protocol-chooser"
    >
      {origin !== "tests" && <input type="hidden" name="from" value={origin} />}
      <Field id="region" label={texts.region}>
        <Select
          id="region"
          name="region"
          value={region}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setRegion(next);
            // A district of another region is no longer a choice.
            if (next !== "" && !regionDistricts(Number(next)).some((d) => String(d.districtId) === district)) setDistrict("");
          }}
        >
          <option value="">{texts.chooseRegion}</option>
          <RegionOptions regions={regions} />
        </Select>
      </Field>
      <Field id="district" label={texts.district}>
        <Select id="district" name="district" value={district} onChange={(event) => setDistrict(event.currentTarget.value)}>
          <option value="">{texts.allDistricts}</option>
          {chosen !== null
            ? regionDistricts(chosen).map((d) => (
                <option key={d.districtId} value={d.districtId}>
                  {d.name}
                </option>
              ))
            : regions.map((r) => (
                <optgroup key={r.regionId} label={r.name}>
                  {regionDistricts(r.regionId).map((d) => (
                    <option key={d.districtId} value={d.districtId}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
              ))}
        </Select>
      </Field>
      <Field id="language" label={texts.language}>
        <Select id="language" name="language" defaultValue={lang}>
          <LanguageOptions />
        </Select>
      </Field>
      <div className="flex items-end">
        <button type="submit" className={buttonClass("primary", "w-full")} data-testid="protocol-show">
          {texts.show}
        </button>
      </div>
    </form>
  );
}

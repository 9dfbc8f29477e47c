// A console list's search: a text box, region and district, and any extra filters; a plain GET
// form, so the address is the search (a link can be shared, Back works). A server component (the
// console's pages render it).
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-style";
import { Field, Input, Select } from "@/components/ui/field";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { District, Region } from "@/lib/reference/types";
import { RegionOptions } from "./region-options";

type Props = {
  /** What the address asks now. */
  search: { q?: string; regionId?: number; districtId?: number };
  placeholder: string;
  reference: { regions: Region[]; districts: District[] };
  children?: ReactNode;
};

export async function SearchForm({ search: { q, regionId, districtId }, placeholder, reference: { regions, districts }, children }: Props) {
  const common = (await getOrganiserMessages()).common;
  return (
    <form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto]">
      <Field id="q" label={common.search}>
        <Input id="q" name="q" type="search" defaultValue={q} placeholder={placeholder} maxLength={100} />
      </Field>
      <Field id="regionId" label={common.region}>
        <Select id="regionId" name="regionId" defaultValue={regionId ?? ""}>
          <option value="">{common.all}</option>
          <RegionOptions regions={regions} />
        </Select>
      </Field>
      <Field id="districtId" label={common.district}>
        <Select id="districtId" name="districtId" defaultValue={districtId ?? ""}>
          <option value="">{common.all}</option>
          {regions.map((r) => (
            <optgroup key={r.regionId} label={r.name}>
              {districts
                .filter((d) => d.regionId === r.regionId)
                .map((d) => (
                  <option key={d.districtId} value={d.districtId}>
                    {d.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      {children}
      <SearchButton label={common.search} />
    </form>
  );
}

/** A console search's submit button, at the foot of its row of filters. */
export function SearchButton({ label }: { label: string }) {
  return (
    <div className="flex items-end">
      <button type="submit" className={buttonClass("primary", "w-full")}>
        {label}
      </button>
    </div>
  );
}

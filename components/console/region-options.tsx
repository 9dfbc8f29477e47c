// The regions as a select's options (a console filter, the protocol's choice of region).
import type { Region } from "@/lib/reference/types";

export function RegionOptions({ regions }: { regions: Region[] }) {
  return regions.map((r) => (
    <option key={r.regionId} value={r.regionId}>
      {r.name}
    </option>
  ));
}

// What the district protocol and the public check read of a final list: its districts with their
// second-stage pupils in the reader's order, which of them a protocol prints, the check's address
// its QR code points to, and the addresses' own schemas (bad values are no choice, never a crash).
import "server-only";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { z } from "zod";
import { tests } from "@/db/schema";
import { db } from "@/lib/db/client";
import { siteOrigin } from "@/lib/http/site-origin";
import { asLocale, LOCALES, type Locale } from "@/shared/i18n/locale.mjs";
import { collatorOf } from "@/shared/i18n/names";
import { type FinalDistrict, type FinalListRecord, type FinalRow, type FinalRows, latestFinalList } from "./final";

/** A SOATO code in the address: a region's has 4 digits, a district's 7; anything else is no choice. */
const soato = (digits: 4 | 7) =>
  z
    .string()
    .regex(digits === 4 ? /^\d{4}$/ : /^\d{7}$/)
    .transform(Number)
    .optional()
    .catch(undefined);

/**
 * The protocol's address: a region (its every district) or one district, and the protocol's
 * language (`language`, not `lang`: that one would switch the whole console's language too).
 */
export const protocolQuery = z.object({
  region: soato(4),
  district: soato(7),
  language: z
    .preprocess((value) => asLocale(value) ?? value, z.enum(LOCALES as [Locale, ...Locale[]]))
    .optional()
    .catch(undefined),
});
export type ProtocolQuery = z.output<typeof protocolQuery>;

/** The public check's address: the list's hash (64 hex digits) … */
export const listHashParams = z.object({
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .transform((hash) => hash.toLowerCase()),
});
/** … and, to show one district only, its SOATO code. */
export const listQuery = z.object({ district: soato(7) });

/** A district of a final list with its second-stage pupils (by rank) and its tie at the cut, if any. */
export type DistrictList = FinalDistrict & { rows: FinalRow[]; tieAtCut: { rank: number; pupils: number } | null };

/**
 * The districts that have pupils on the list, regions and districts ordered by their names as the
 * reader's language says and sorts them (`local`); pupils without a district last.
 */
export function districtLists(rows: FinalRows, locale: Locale, local: (name: string) => string): DistrictList[] {
  const took = new Map(rows.districts.map((d) => [d.districtId ?? 0, d.took]));
  const lists = new Map<number, DistrictList>();
  for (const row of rows.rows) {
    const key = row.districtId ?? 0;
    const list = lists.get(key) ?? {
      districtId: row.districtId,
      districtName: row.districtName,
      regionId: row.regionId,
      regionName: row.regionName,
      took: took.get(key) ?? 0,
      rows: [],
      tieAtCut: null,
    };
    list.rows.push(row);
    list.tieAtCut ??= row.tieAtCut;
    lists.set(key, list);
  }
  const collator = collatorOf(locale);
  const nameOf = (name: string | null) => (name === null ? "" : local(name));
  for (const list of lists.values()) list.rows.sort((a, b) => a.rank - b.rank);
  return [...lists.values()].sort(
    (a, b) =>
      Number(a.districtId === null) - Number(b.districtId === null) ||
      collator.compare(nameOf(a.regionName), nameOf(b.regionName)) ||
      collator.compare(nameOf(a.districtName), nameOf(b.districtName)) ||
      (a.districtId ?? 0) - (b.districtId ?? 0),
  );
}

/** The districts a protocol prints: the one asked for, else every district of the region asked for, else none yet. */
export function protocolDistricts(lists: DistrictList[], { region, district }: Pick<ProtocolQuery, "region" | "district">): DistrictList[] {
  if (district !== undefined) return lists.filter((d) => d.districtId === district);
  if (region !== undefined) return lists.filter((d) => d.regionId === region && d.districtId !== null);
  return [];
}

/** What the protocol's chooser offers: the regions and districts that have pupils on the list, named in the console's language. */
export type ProtocolChoices = {
  regions: { regionId: number; name: string }[];
  districts: { districtId: number; regionId: number; name: string }[];
};

export function protocolChoices(lists: DistrictList[], local: (name: string) => string): ProtocolChoices {
  const regions = new Map<number, { regionId: number; name: string }>();
  const districts: ProtocolChoices["districts"] = [];
  for (const d of lists) {
    if (d.districtId === null || d.regionId === null) continue;
    regions.set(d.regionId, { regionId: d.regionId, name: local(d.regionName ?? "") });
    districts.push({ districtId: d.districtId, regionId: d.regionId, name: local(d.districtName ?? "") });
  }
  return { regions: [...regions.values()], districts };
}

/** Where anyone checks the list (one district of it, when given): what the protocol's QR code says. */
export async function listCheckUrl(topHash: string, districtId?: number | null): Promise<string> {
  const query = districtId ? `?district=${districtId}` : "";
  return `${await siteOrigin()}/lists/${topHash}${query}`;
}

/** The QR code of an address, as an SVG element's markup (drawn by the qrcode package, no data of ours but the address). */
export const qrSvgOf = (url: string): Promise<string> => QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" });

/** What a test's protocol is printed from: its latest final list, or null while provisional; null for no such test. */
export async function protocolSource(testId: number): Promise<{ list: FinalListRecord | null } | null> {
  const list = await latestFinalList(testId);
  if (list) return { list };
  const [test] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, testId)).limit(1);
  return test ? { list: null } : null;
}

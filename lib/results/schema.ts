// Schemas of the results' requests that only the server reads: the ranking's search, and an export's
// file. A regrade: shared/results/schema.ts.
import "server-only";
import { z } from "zod";
import { page, search } from "@/lib/validation/queries";
import { asLocale, type Locale } from "@/shared/i18n/locale.mjs";
import { queryId, queryYesNo } from "@/shared/validation/fields";

export const resultsQuery = z.object({
  testId: queryId,
  regionId: z.optional(queryId),
  districtId: z.optional(queryId),
  organizationId: z.optional(queryId),
  q: search,
  top: queryYesNo,
  page,
});
export type ResultsQuery = z.output<typeof resultsQuery>;

export const ExportFormat = { Csv: "csv", Xlsx: "xlsx" } as const;
export type ExportFormat = (typeof ExportFormat)[keyof typeof ExportFormat];
export const ExportScope = { All: "all", Top5: "top5", Summary: "summary" } as const;
export type ExportScope = (typeof ExportScope)[keyof typeof ExportScope];

/**
 * No testId: every test at once (the second-stage lists of every grade and subject in one file).
 * `lang`: the file's language ("uz", "uz-Cyrl", "ru"), the caller's when left out.
 */
export const exportQuery = z.object({
  testId: z.optional(queryId),
  format: z.enum([ExportFormat.Csv, ExportFormat.Xlsx]),
  scope: z.enum([ExportScope.All, ExportScope.Top5, ExportScope.Summary]),
  lang: z.optional(z.preprocess((value) => asLocale(value) ?? value, z.enum(["uz", "uz-Cyrl", "ru"] satisfies Locale[]))),
});

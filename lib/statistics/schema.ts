// Schemas of the item statistics' requests that only the server reads: the workbook's language.
import "server-only";
import { exportQuery } from "@/lib/results/schema";

/** `lang`: the workbook's language ("uz", "uz-Cyrl", "ru"), the caller's when left out, as the results' exports take it. */
export const itemStatisticsExportQuery = exportQuery.pick({ lang: true });

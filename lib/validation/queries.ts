// What the console's addresses carry, whatever the page: a page number, a search box's text, a
// person's or an attempt's id; and a page's search read from its address (searchOf).
import "server-only";
import { z } from "zod";
import { isUnsafeText } from "@/lib/http/unsafe-text";
import { queryId } from "@/shared/validation/fields";

export const page = z.coerce.number().int().min(1).max(100_000).optional();
/**
 * A search box's text. Unsafe text (a NUL, a control character, a lone surrogate) is in no row and
 * would make PostgreSQL refuse the statement: refused here, as the API refuses any such input.
 */
export const search = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !isUnsafeText(text))
  .optional();
export const pageQuery = z.object({ page });
/** A long list asked for whole (`?all=1`: components/console/first-of.ts). */
export const allQuery = z.object({ all: z.literal("1").optional() });

/** A person's id in the address: a pupil's or an organiser's. */
export const userIdParams = z.object({ userId: queryId });
export const attemptIdParams = z.object({ attemptId: queryId });
export const seasonIdParams = z.object({ seasonId: queryId });

/** A console list page's props: the address's search, as Next hands it. */
export type SearchPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A console page's search from its address: blank fields (an empty select) are no filter. */
export function searchOf<S extends z.ZodType>(schema: S, params: Record<string, string | string[] | undefined>): Partial<z.output<S>> {
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const parsed = schema.safeParse(given);
  return parsed.success ? parsed.data : {};
}

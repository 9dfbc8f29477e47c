// Figures as the item statistics page, its API and its workbook show them: every number to
// 3 decimals, ids and counts whole as they are.
import "server-only";

export const round3 = (value: number) => Math.round(value * 1000) / 1000 + 0; // + 0: no "-0"

/** Every number in a figure to 3 decimals (ids and counts are whole and stay as they are). */
export function rounded<T>(value: T): T {
  if (typeof value === "number") return (Number.isFinite(value) ? round3(value) : value) as T;
  if (Array.isArray(value)) return value.map(rounded) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)])) as T;
  return value;
}

// The organiser enters and reads times in Tashkent time (UTC+5, no daylight saving); they are
// stored in UTC. Safe for the browser.
export const TASHKENT_TIME_ZONE = "Asia/Tashkent";
const OFFSET = "+05:00";

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TASHKENT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function fields(iso: string) {
  return Object.fromEntries(parts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
}

/** "2025-06-01T10:00" in Tashkent, for a datetime-local input. */
export function toTashkentInput(iso: string): string {
  const f = fields(iso);
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`;
}

/** A datetime-local value read as Tashkent time, as a UTC ISO instant; null if it is not one. */
export function fromTashkentInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}:00${OFFSET}`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** "01.06.2025 10:00" in Tashkent, for tables. */
export function formatTashkent(iso: string | null, { seconds = false } = {}): string {
  if (!iso) return "—";
  const f = fields(iso);
  return `${f.day}.${f.month}.${f.year} ${f.hour}:${f.minute}${seconds ? `:${f.second}` : ""}`;
}

/**
 * "24.06.2025" (a day as the organiser types it), or "2025-06-24" (as the form sends it once
 * checked), as "2025-06-24"; null if no such day.
 */
export function isoDateOf(text: string): string | null {
  const typed = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = typed ? `${typed[3]}-${typed[2]}-${typed[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (iso === null) return null;
  // A day that does not exist (31.02) comes back as another one.
  return new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : null;
}

/** "2025-06-24" as "24.06.2025". */
export const dateTextOf = (iso: string) => iso.split("-").reverse().join(".");

/** The day of an instant in Tashkent, "24.06.2025". */
export const tashkentDate = (iso: string) => formatTashkent(iso).slice(0, 10);

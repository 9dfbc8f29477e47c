// Times as people here read and enter them: Tashkent time (UTC+5, no daylight saving), on the
// pupil's start page and in the console alike; they are stored in UTC. Safe for the browser.
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

/**
 * A time the organiser types, "01.06.2025 10:00" (24-hour, Tashkent; or "2025-06-01T10:00"), as a
 * UTC ISO instant; null if it is not one. A text field, not datetime-local: that one follows the
 * browser's locale (12-hour, mm/dd on an English system), and the console is the same everywhere.
 */
export function fromTashkentText(text: string): string | null {
  const typed = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\s+(\d{1,2}):(\d{2})$/.exec(text.trim());
  const pad = (part: string) => part.padStart(2, "0");
  const value = typed ? `${typed[3]}-${pad(typed[2])}-${pad(typed[1])}T${pad(typed[4])}:${typed[5]}` : text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}:00${OFFSET}`);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  // A day or an hour that does not exist (31.02, 24:30) comes back as another one.
  return formatTashkent(iso) === `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)} ${value.slice(11)}` ? iso : null;
}

/** "01.06.2025 10:00" in Tashkent: for tables, and as the console's time fields show it. */
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

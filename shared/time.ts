// Times as people here read and enter them: Tashkent time (UTC+5, no daylight saving), on the
// pupil's start page and in the console alike; they are stored in UTC. Safe for the browser.
export const TASHKENT_TIME_ZONE = "Asia/Tashkent";
const OFFSET = "+05:00";

/**
 * The first day the console takes: Tashkent has kept +05:00 all year since late 1991 (before, its
 * clocks read +06:00 with summer time, and +04:37 in 1900), so a day or a time before it is no
 * day this site can mean, and its 00:00 at +05:00 would fall on another.
 */
export const FIRST_DAY = "1992-01-01";
/** FIRST_DAY's 00:00 in Tashkent, Unix ms. */
export const FIRST_INSTANT = Date.parse(`${FIRST_DAY}T00:00:00${OFFSET}`);

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
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || value < FIRST_DAY) return null;
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
 * checked), as "2025-06-24"; null if no such day (31.02, month 13, day 00) or one before FIRST_DAY.
 * Never throws: whatever is typed is a day or null.
 */
export function isoDateOf(text: string): string | null {
  const typed = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = typed ? `${typed[3]}-${typed[2]}-${typed[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (iso === null || iso < FIRST_DAY) return null;
  // A month or day out of range is no date at all; one that does not exist (31.02) comes back as another.
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(iso) ? iso : null;
}

/** "2025-06-24" as "24.06.2025". */
export const dateTextOf = (iso: string) => iso.split("-").reverse().join(".");

/** The day of an instant in Tashkent, "24.06.2025". */
export const tashkentDate = (iso: string) => formatTashkent(iso).slice(0, 10);

/** The time of day of an instant in Tashkent, "10:00". */
export const tashkentClock = (iso: string) => formatTashkent(iso).slice(11);

/** The day of an instant in Tashkent, "2025-06-24": what a registration period is compared with. */
export function tashkentDay(instant: Date): string {
  const f = fields(instant.toISOString());
  return `${f.year}-${f.month}-${f.day}`;
}

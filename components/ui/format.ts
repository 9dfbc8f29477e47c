// Time as the pages print it: the test's and the console's (numbers: shared/i18n/numbers.ts).

const two = (n: number) => String(n).padStart(2, "0");

/** HH:MM:SS */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Whole days, hours, minutes and seconds until a moment. */
export function countdownParts(totalSeconds: number) {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

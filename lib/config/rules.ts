// The olympiad's rules a deployment may set: the site's address and contacts, the sign-ins a
// second it serves, the demo's PIN, how long personal data is kept, the screening's bounds, and
// the appeal period's working days, week and holidays.
import "server-only";
import { z } from "zod";

/** Sign-ins a second measured on one 2-core machine (app, PostgreSQL and the load together): bench:opening with everyone signing in at the opening printed 13.5. */
const SIGN_INS_MEASURED = 13;

/**
 * Uzbekistan's public holidays (Labour Code, art. 132): New Year, Women's Day, Navruz, Remembrance
 * Day, Independence Day, Teachers' Day, Constitution Day every year; Ramazon and Qurbon hayiti as
 * each year's decree sets them (2026 and 2027 here: add the next years' in PUBLIC_HOLIDAYS).
 */
const UZBEKISTAN_HOLIDAYS = "01-01,03-08,03-21,05-09,09-01,10-01,12-08,2026-03-20,2026-05-27,2027-03-10,2027-05-17";

export const ruleSettings = z.object({
  CHAT_BOT_URL: z.string().url().default("https://t.me/olimpiada_lager_bot"),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d ()-]{5,20}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Sign-ins a second this deployment serves at most (bench:opening with BENCH_SIGN_IN_SECONDS=0
   * prints it, as does the rehearsal): the console tells from it how long check-in must last.
   */
  SIGN_INS_PER_SECOND: z.coerce.number().positive().max(100_000).default(SIGN_INS_MEASURED),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  DEMO_PIN: z
    .string()
    .regex(/^\d{4,8}$/)
    .default("1234"),
  /**
   * Months after a pupil's olympiad (their test's close) when their phone number and birth date
   * are removed (lib/personal-data/personal-data.ts); results and certificates stay.
   */
  PERSONAL_DATA_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /**
   * The answer-copying screening (lib/integrity): the false discovery rate its flags are held to
   * (Benjamini–Hochberg; 0.01 is 1 %), and the fewest questions two pupils must share to be compared.
   */
  SCREENING_FDR: z.coerce.number().positive().max(0.2).default(0.01),
  SCREENING_MIN_SHARED: z.coerce.number().int().min(3).max(100).default(10),
  /**
   * Appeals (lib/subject-tests/appeals-deadline.ts): open this many working days after a test
   * closes, as in the national testing; the working week as ISO weekdays (1 Monday … 7 Sunday);
   * the public holidays, "MM-DD" every year or "YYYY-MM-DD" once (the movable feasts and the days
   * the government moves).
   */
  APPEAL_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  WORKING_WEEK: z
    .string()
    .regex(/^[1-7](,[1-7]){0,6}$/)
    .default("1,2,3,4,5"),
  PUBLIC_HOLIDAYS: z
    .string()
    .regex(/^((\d{4}-)?\d{2}-\d{2})(,(\d{4}-)?\d{2}-\d{2})*$/)
    .default(UZBEKISTAN_HOLIDAYS),
  /** Hours a family has to answer the camp's invitation (lib/invitations/invitations.ts). */
  INVITATION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 30)
    .default(72),
  /**
   * The chat-bot's webhook for family events (lib/family-events): each is POSTed there signed with
   * BOT_API_TOKEN (HMAC-SHA256) until acknowledged; unset, the bot reads them by its cursor.
   */
  BOT_WEBHOOK_URL: z.string().url().optional(),
});

export function ruleConfig(env: z.output<typeof ruleSettings>) {
  return {
    chatBotUrl: env.CHAT_BOT_URL,
    supportPhone: env.SUPPORT_PHONE,
    signInsPerSecond: env.SIGN_INS_PER_SECOND,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ""),
    /** PUBLIC_URL was given: the links and QR codes handed out name it, not the address a visitor opened (lib/http/site-origin.ts). */
    publicUrlSet: process.env.PUBLIC_URL !== undefined && process.env.PUBLIC_URL !== "",
    demoPin: env.DEMO_PIN,
    personalDataMonths: env.PERSONAL_DATA_MONTHS,
    screening: { fdr: env.SCREENING_FDR, minShared: env.SCREENING_MIN_SHARED },
    appeals: {
      workingDays: env.APPEAL_WORKING_DAYS,
      workingWeek: env.WORKING_WEEK.split(",").map(Number),
      holidays: env.PUBLIC_HOLIDAYS.split(","),
    },
    invitationHours: env.INVITATION_HOURS,
    botWebhookUrl: env.BOT_WEBHOOK_URL,
  };
}

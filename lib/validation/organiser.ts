// Schemas of the organiser's JSON API: a subject's test, and a question bank import.
import { z } from "zod";
import { ReviewPolicy, VoidAwards } from "@/lib/attempts/enums";
import { DIFFICULTY_NAMES, maxTenths, pointsToTenths } from "@/lib/attempts/scoring";
import { asLocale, type Locale } from "@/lib/i18n/locale.mjs";
import { organiserMessagesNow, said, saidToOrganiser } from "@/lib/i18n/said";
import { PaymentProvider } from "@/lib/payments/enums";
import { RegistrationStatus } from "@/lib/registration/status";
import { isoDateOf } from "@/lib/time";
import { entityId, PG_INT_MAX, queryId, queryYesNo } from "./fields";
import { pupilDetailsSchema } from "./registration";

const v = said;
const o = saidToOrganiser;

const points = z.number(v.required).min(0.1, o.points).max(100, o.points).multipleOf(0.1, o.points);
const count = z.number(v.required).int(o.count).min(1, o.count).max(200, o.count);
const instant = z.iso.datetime({ offset: true, ...o.dateTime });
/** Every organiser's act says why; the audit log keeps it. */
const reason = z.string(o.reason).trim().min(3, o.reason).max(500, o.reason);
/** Why, for an act with a dry run first: required to apply (the domain function checks). */
const reasonToApply = z.preprocess((value) => (value === "" || value === null ? undefined : value), reason.optional());

/** The most a stage-one test gives (spec §9: the score is out of 50.0). */
export const TEST_TOTAL_POINTS = 50;

export const testSettingsSchema = z
  .object({
    openedAt: instant,
    closedAt: instant,
    durationMinutes: z.number(v.required).int(o.duration).min(1, o.duration).max(600, o.duration).optional(),
    pinCode: z
      .string(v.required)
      .trim()
      .min(1, v.required)
      .regex(/^\d{4,8}$/, o.pinCode),
    easyCount: count.optional(),
    mediumCount: count.optional(),
    hardCount: count.optional(),
    easyPoints: points.optional(),
    mediumPoints: points.optional(),
    hardPoints: points.optional(),
    reviewPolicy: z.enum([ReviewPolicy.AfterClose, ReviewPolicy.AfterEnd]).optional(),
    /** Check-in opens this many minutes before the test (0: at the opening; at most a day). */
    checkInMinutes: z.number(v.required).int(o.checkInMinutes).min(0, o.checkInMinutes).max(1440, o.checkInMinutes).optional(),
    /** The certificates' date, dd.mm.yyyy (or yyyy-mm-dd); empty or null: the day the test closes. */
    certificateDate: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === "") return null;
        const iso = isoDateOf(value);
        if (iso === null) context.addIssue({ code: "custom", message: o.date.error(), params: { code: "Invalid" } });
        return iso ?? z.NEVER;
      })
      // Null (the default) as the form sends it after its own check.
      .nullable()
      .optional(),
    /** The subject's name, typed by the organiser to change the window or duration while pupils are testing. */
    confirmSubjectName: z.string().max(100).optional(),
    reason,
  })
  .refine((t) => new Date(t.openedAt) < new Date(t.closedAt), {
    path: ["closedAt"],
    error: o.closeBeforeOpen.error,
    params: { code: "Range" },
  })
  .refine(
    (t) => {
      // Counts and points come together or not at all, so that their total can be checked.
      const all = [t.easyCount, t.mediumCount, t.hardCount, t.easyPoints, t.mediumPoints, t.hardPoints];
      if (all.every((x) => x === undefined)) return true;
      return all.every((x) => x !== undefined) && totalTenths(t as Required<typeof t>) === TEST_TOTAL_POINTS * 10;
    },
    {
      path: ["hardPoints"],
      error: () => organiserMessagesNow().validation.totalPoints({ total: TEST_TOTAL_POINTS }),
      params: { code: "Invalid" },
    },
  );

/** The most a test with these counts and points gives, in tenths of a point. */
export function totalTenths(t: {
  easyCount: number;
  mediumCount: number;
  hardCount: number;
  easyPoints: number;
  mediumPoints: number;
  hardPoints: number;
}) {
  return maxTenths({
    ...t,
    easyPointsTenths: pointsToTenths(t.easyPoints),
    mediumPointsTenths: pointsToTenths(t.mediumPoints),
    hardPointsTenths: pointsToTenths(t.hardPoints),
  });
}
export type TestSettings = z.output<typeof testSettingsSchema>;

const html = z.string(v.required).trim().min(1, v.required).max(20_000, v.invalid);

const choicesSchema = z
  .array(z.object({ text: html, correct: z.boolean() }))
  .min(2, o.choices)
  .max(8, o.choices)
  .refine((choices) => choices.filter((c) => c.correct).length === 1, { error: o.oneCorrect.error, params: { code: "Invalid" } });

/** A study language (0 Uzbek, 1 Russian, 2 Karakalpak): the language of a bank's texts. */
const studyLanguage = z.literal([0, 1, 2], v.invalid);

/**
 * A question of the bank as the organiser edits it, in one of its languages (default: its first);
 * its reading text stays as it is, and its other languages keep their texts.
 */
export const questionEditSchema = z.object({
  difficulty: z.enum(DIFFICULTY_NAMES),
  language: studyLanguage.optional(),
  text: html,
  choices: choicesSchema,
  reason,
});
export type QuestionEdit = z.output<typeof questionEditSchema>;

export const questionImportSchema = z
  .object({
    subjectId: entityId,
    /** The language of the file's texts (the spec's Uzbek = 0 when absent). */
    language: studyLanguage.default(0),
    readingTexts: z
      .array(
        z.object({
          key: z.string().trim().min(1).max(100),
          text: html,
          /** The same passage in other languages. */
          also: z
            .array(z.object({ language: studyLanguage, text: html }))
            .max(2)
            .default([]),
        }),
      )
      .max(500)
      .default([]),
    questions: z
      .array(
        z.object({
          /** A question already in the bank: this item gives it the file's language (its choices in the bank's order). */
          questionId: z.optional(entityId),
          difficulty: z.enum(DIFFICULTY_NAMES),
          text: html,
          readingText: z.string().trim().min(1).max(100).optional(),
          choices: choicesSchema,
          /** The same question in other languages: its text and its choices in the same order. */
          also: z
            .array(z.object({ language: studyLanguage, text: html, choices: z.array(html).min(2).max(8) }))
            .max(2)
            .default([]),
        }),
      )
      .min(1)
      .max(5000),
    /** The file's questions already in the bank are left out, unless the organiser asks for them again. */
    importDuplicates: z.boolean().default(false),
    reason: reasonToApply,
  })
  .superRefine(
    (bank, ctx) => {
      // Runs even when other items are bad (see `when`), so every error is reported at once:
      // the data may then be partly malformed, hence the defensive reads.
      const texts = Array.isArray(bank.readingTexts) ? bank.readingTexts : [];
      const items = Array.isArray(bank.questions) ? bank.questions : [];
      const keys = new Set<string>();
      texts.forEach((r, i) => {
        if (keys.has(r?.key)) ctx.addIssue({ code: "custom", path: ["readingTexts", i, "key"], params: { code: "Invalid" } });
        keys.add(r?.key);
      });
      items.forEach((q, i) => {
        if (typeof q?.readingText === "string" && !keys.has(q.readingText.trim())) {
          ctx.addIssue({ code: "custom", path: ["questions", i, "readingText"], params: { code: "Invalid" } });
        }
        // Each language once, and each translation with as many choices as the question.
        const languages = new Set([bank.language ?? 0]);
        (Array.isArray(q?.also) ? q.also : []).forEach((t, j) => {
          if (languages.has(t?.language))
            ctx.addIssue({ code: "custom", path: ["questions", i, "also", j, "language"], params: { code: "Invalid" } });
          languages.add(t?.language);
          if (Array.isArray(t?.choices) && Array.isArray(q?.choices) && t.choices.length !== q.choices.length) {
            ctx.addIssue({ code: "custom", path: ["questions", i, "also", j, "choices"], params: { code: "Invalid" } });
          }
        });
      });
      texts.forEach((r, i) => {
        const languages = new Set([bank.language ?? 0]);
        (Array.isArray(r?.also) ? r.also : []).forEach((t, j) => {
          if (languages.has(t?.language))
            ctx.addIssue({ code: "custom", path: ["readingTexts", i, "also", j, "language"], params: { code: "Invalid" } });
          languages.add(t?.language);
        });
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
/** As the seed, the rehearsal and the tests write a bank: defaults (Uzbek, no other languages) left out. */
export type QuestionImportInput = z.input<typeof questionImportSchema>;

export const userIdParams = z.object({ userId: queryId });
export const attemptIdParams = z.object({ attemptId: queryId });
export const guidParams = z.object({ guid: z.string().uuid() });

export const blockedSchema = z.object({ blocked: z.boolean(), reason });
export const reasonSchema = z.object({ reason });
/** An organiser's correction of a pupil's name (the certificate's), with the pupil's own rules. */
export const pupilNameSchema = z.object({
  firstName: pupilDetailsSchema.shape.firstName,
  lastName: pupilDetailsSchema.shape.lastName,
  middleName: pupilDetailsSchema.shape.middleName,
  reason,
});
export const extraMinutesSchema = z.object({
  minutes: z.number(v.required).int(o.extraMinutes).min(0, o.extraMinutes).max(600, o.extraMinutes),
  reason,
  /** The minutes approve the registration's accommodation request (issue 27). */
  accommodation: z.boolean().optional(),
});

const page = z.coerce.number().int().min(1).max(100_000).optional();
const search = z.string().trim().max(100).optional();

export const pupilsQuery = z.object({ q: search, regionId: z.optional(queryId), districtId: z.optional(queryId), page });
export const registrationsQuery = z.object({
  q: search,
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(RegistrationStatus.Registered), z.literal(RegistrationStatus.Paid)]))
    .optional(),
  regionId: z.optional(queryId),
  districtId: z.optional(queryId),
  provider: z.enum([PaymentProvider.Payme, PaymentProvider.Click, PaymentProvider.Card]).optional(),
  page,
});
export const pageQuery = z.object({ page });
export const dryRunQuery = z.object({ dryRun: queryYesNo });
export const questionsQuery = z.object({
  subjectId: queryId,
  difficulty: z.coerce.number().int().min(1).max(3).optional(),
  q: search,
  page,
});
export const questionIdParams = z.object({ questionId: queryId });

/** A console page's search from its address: blank fields (an empty select) are no filter. */
export function searchOf<S extends z.ZodType>(schema: S, params: Record<string, string | string[] | undefined>): Partial<z.output<S>> {
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const parsed = schema.safeParse(given);
  return parsed.success ? parsed.data : {};
}

export const organiserSchema = z.object({
  username: z
    .string(v.required)
    .trim()
    .toLowerCase()
    .min(5, v.usernameLength)
    .max(30, v.usernameLength)
    .regex(/^[a-z0-9._-]+$/, o.username),
  firstName: z.string(v.required).trim().min(2, v.required).max(50, v.nameMax),
  lastName: z.string(v.required).trim().min(2, v.required).max(50, v.nameMax),
  reason,
});
export type OrganiserInput = z.output<typeof organiserSchema>;

// ─── Results ────────────────────────────────────────────────────

export const testIdParams = z.object({ testId: queryId });
/** The pupil's-eye preview: the test, and the study language to draw in (Uzbek unless a valid one is asked). */
export const previewParams = testIdParams.extend({ language: z.coerce.number().pipe(studyLanguage).catch(0) });

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

/** A district's lists of logins (one school's, with organizationId). */
export const loginsQuery = z.object({ districtId: queryId, organizationId: z.optional(queryId) });

/** A form's select left at "all" sends "" or nothing: no scope. */
const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.optional(queryId));

/** Extra minutes for every running attempt of a test, or of a region or district of it (incidents). */
export const bulkExtraTimeSchema = z.object({
  testId: z.coerce.number(v.required).int(v.required).positive(v.required).max(PG_INT_MAX, v.invalid),
  regionId: optionalId,
  districtId: optionalId,
  minutes: z.number(v.required).int(o.bulkMinutes).min(1, o.bulkMinutes).max(120, o.bulkMinutes),
  reason,
});

const noticeText = z.string(o.noticeText).trim().min(3, o.noticeText).max(500, o.noticeText);
const optionalNoticeText = z.preprocess((value) => (value === "" || value === null ? undefined : value), noticeText.optional());
/** A notice to every pupil: Uzbek (Latin) always; Cyrillic and Russian when written. */
export const noticeSchema = z.object({ uz: noticeText, "uz-Cyrl": optionalNoticeText, ru: optionalNoticeText });
export const noticeIdParams = z.object({ noticeId: queryId });

/** "Hozir yopish": the subject's name typed, and why. */
export const closeTestSchema = z.object({ confirmSubjectName: z.string().max(100), reason });
/** A console act confirmed by typing a name (its form; each call names the field its own way). */
export const confirmedActSchema = z.object({ confirmName: z.string().max(100), reason });
/** Erasing a pupil: their username typed, and why. */
export const erasePupilSchema = z.object({ confirmUsername: z.string().max(100), reason });

/**
 * A regrade: fix the key of a question (the right choice), or void it, its points then given to
 * everyone who drew it or to nobody. A dry run unless dryRun is false.
 */
export const regradeSchema = z
  .object({
    questionId: entityId,
    action: z.enum(["key", "void"], o.regradeAction),
    correctChoiceId: z.optional(entityId),
    voidAwards: z.enum([VoidAwards.All, VoidAwards.None], o.voidAwards).optional(),
    dryRun: z.boolean().default(true),
    /** The dry run's oldKeyHash: applying is refused (4011) if the key has changed since. */
    expectedKeyHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    reason: reasonToApply,
  })
  .superRefine((value, ctx) => {
    if (value.action === "key" && value.correctChoiceId === undefined)
      ctx.addIssue({ code: "custom", path: ["correctChoiceId"], message: o.correctChoice.error(), params: { code: "Required" } });
    if (value.action === "void" && value.voidAwards === undefined)
      ctx.addIssue({ code: "custom", path: ["voidAwards"], message: o.voidAwards.error(), params: { code: "Required" } });
    if (!value.dryRun && value.reason === undefined)
      ctx.addIssue({ code: "custom", path: ["reason"], message: o.reason.error(), params: { code: "Required" } });
  });
export type RegradeInput = z.output<typeof regradeSchema>;

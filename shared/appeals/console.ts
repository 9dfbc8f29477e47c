// The console's forms after a test: the decision on appeals, the organiser's own end of appeals
// and the finalisation of a test's list (checked in the browser, and by the route handlers).
import { z } from "zod";
import { StudyLanguage, VoidAwards } from "@/shared/attempts/enums";
import { organiserMessagesNow, saidToOrganiser } from "@/shared/i18n/said";
import { entityId } from "@/shared/validation/fields";
import { reason } from "@/shared/validation/reason";
import { DECISION_OUTCOMES, type DecisionOutcome } from "./schema";

const o = saidToOrganiser;

/** What a question's appeals may be answered with; an appeal against a result is rejected or upheld. */
export const QUESTION_OUTCOMES: readonly DecisionOutcome[] = ["reject", "also", "key", "void"];
export const RESULT_OUTCOMES: readonly DecisionOutcome[] = ["reject", "upheld"];

/** The reason the pupils read: Uzbek (Latin; shown in Cyrillic to Cyrillic readers), Russian, or both. */
const pupilsReason = z.string(o.reason).trim().min(3, o.reason).max(1000, o.reason);
/** A reason left empty: not given. */
const givenReason = z.preprocess((value) => (value === "" || value === null ? undefined : value), pupilsReason.optional());

/** The languages a decision's reason is written in. */
export type ReasonLanguage = "uz" | "ru";

/** The reason a pupil of this study language reads: Russian for a Russian-school pupil, Uzbek for the others. */
export const reasonLanguageOf = (language: StudyLanguage): ReasonLanguage => (language === StudyLanguage.Russian ? "ru" : "uz");

/** The reasons a decision needs for its appellants' study languages, Uzbek first (Uzbek when none is known). */
export function reasonLanguagesFor(languages: Iterable<StudyLanguage>): ReasonLanguage[] {
  const needed = new Set([...languages].map(reasonLanguageOf));
  const ordered = (["uz", "ru"] as const).filter((l) => needed.has(l));
  return ordered.length > 0 ? ordered : ["uz"];
}

/** The reasons these appellants need that `input` lacks, by field: the form's and the server's one check. */
export function missingReasons(input: { reason?: string; reasonRu?: string }, needed: readonly ReasonLanguage[]) {
  const texts = organiserMessagesNow().validation;
  return [
    ...(needed.includes("uz") && !input.reason ? [{ field: "reason" as const, message: texts.reasonUz }] : []),
    ...(needed.includes("ru") && !input.reasonRu ? [{ field: "reasonRu" as const, message: texts.reasonRu }] : []),
  ];
}

/** The decision on every undecided appeal of one question (questionId), or on one appeal against a result (appealId). */
export const decisionSchema = z
  .object({
    questionId: z.optional(entityId),
    appealId: z.optional(entityId),
    outcome: z.enum(DECISION_OUTCOMES, o.appealOutcome),
    choiceId: z.optional(entityId),
    voidAwards: z.enum([VoidAwards.All, VoidAwards.None], o.voidAwards).optional(),
    /** In Uzbek and in Russian as the appellants need (missingReasons); at least one. */
    reason: givenReason,
    reasonRu: givenReason,
    /** When the organiser's page read the appeals (the server's time): only those are decided. */
    seenAt: z.iso.datetime({ offset: true }),
    /**
     * A decision that regrades (also, key, void) is made after its dry run (the results page's
     * regrade, dryRun): that run's oldKeyHash, refused (4011) if the key changed since.
     */
    expectedKeyHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message, params: { code: "Required" } });
    const allowed = d.appealId !== undefined ? RESULT_OUTCOMES : QUESTION_OUTCOMES;
    if ((d.questionId === undefined) === (d.appealId === undefined) || !allowed.includes(d.outcome))
      issue("outcome", o.appealOutcome.error());
    if ((d.outcome === "also" || d.outcome === "key") && d.choiceId === undefined) issue("choiceId", o.correctChoice.error());
    if (d.outcome === "void" && d.voidAwards === undefined) issue("voidAwards", o.voidAwards.error());
    if ((d.outcome === "also" || d.outcome === "key" || d.outcome === "void") && d.expectedKeyHash === undefined)
      issue("expectedKeyHash", o.dryRunFirst.error());
    if (d.reason === undefined && d.reasonRu === undefined) issue("reason", o.reason.error());
  });
export type DecisionInput = z.output<typeof decisionSchema>;

/**
 * The organiser's own end of a test's appeals ("05.12.2026 18:00", Tashkent); null: the national
 * rule. `confirmEarlier`: the organiser confirmed an earlier end, told how many families it reaches
 * (lib/appeals/close.ts).
 */
export const appealsCloseSchema = z.object({
  appealsCloseAt: z.string().max(40).nullable(),
  reason,
  confirmEarlier: z.boolean().optional(),
});

/**
 * The list's minute ("20.06.2026 10:00", Tashkent): when the final list becomes public; null or
 * empty: from its finalisation (lib/final-list/minute.ts).
 */
export const resultsMinuteSchema = z.object({
  resultsAt: z.string().max(40).nullable(),
  reason,
});

/** Finalising a test's list: the hash the confirmation showed, and why when it is finalised again. */
export const finaliseSchema = z.object({
  expectedTopHash: z.string().regex(/^[0-9a-f]{64}$/),
  reason: z.preprocess((value) => (value === "" || value === null ? undefined : value), reason.optional()),
});

// The pupil's (or the parent's) appeal as its form gives it, checked in the browser and by the route
// handlers, and what the pupil's pages show of the appeals and the list. The console's forms are
// ./console.ts.
import * as z from "zod/mini";
import { said } from "@/shared/i18n/said";
import type { RegradeAction } from "@/shared/results/schema";
import { entityId, uuid } from "@/shared/validation/fields";

const v = said;

export const APPEAL_TEXT_MAX = 1000;
export const APPEAL_KINDS = ["key", "unclear", "result"] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];

const appealFields = z.object({
  /** The paper's question (its attempt question id); absent or null: the result as a whole. */
  testAttemptQuestionId: z.optional(z.nullable(entityId)),
  kind: z.enum(APPEAL_KINDS, v.appealKind),
  text: z.string(v.appealText).check(z.trim(), z.minLength(1, v.appealText), z.maxLength(APPEAL_TEXT_MAX, v.appealTextMax)),
});

/** A question's appeal has a question; the result's has none. */
const aboutItsQuestion = z.refine<z.output<typeof appealFields>>((a) => (a.kind === "result") === (a.testAttemptQuestionId == null), {
  ...v.appealKind,
  path: ["kind"],
});

/**
 * An appeal: against one question of the pupil's paper ("the key is wrong", "the question is
 * unclear") or against the result as a whole (no question), in the pupil's words.
 */
export const appealSchema = appealFields.check(aboutItsQuestion);
export type AppealInput = z.output<typeof appealSchema>;

/** The parent's appeal, through the registration's link. */
export const parentAppealSchema = z.extend(appealFields, { guid: uuid }).check(aboutItsQuestion);

export const DECISION_OUTCOMES = ["reject", "upheld", "also", "key", "void"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** Where a test's list stands: provisional until the organiser finalises it, then final. */
export type ListState = "provisional" | "final";

/** Where a test's appeal period stands: before it (the test has not closed yet), open, or over. */
export type AppealPhase = "before" | "open" | "over";

/** What the pupil's pages show of the appeals and the list (lib/appeals/appeals.ts appealsView). */
export type AppealsView = {
  attemptId: number;
  /** Whether an appeal may be made or edited now. */
  open: boolean;
  /** Whether the review shows the key yet (appeals begin then). */
  keyShown: boolean;
  /** Before the test's close (a practice test's key is shown at the pupil's end), open, or over. */
  phase: AppealPhase;
  /** When appeals open: the test's close (ISO). */
  opensAt: string;
  /** When appeals close (ISO). */
  closesAt: string;
  /** The organiser moved the end earlier: from when (ISO), and when it was done. */
  closeMoved: { from: string; at: string } | null;
  /** The paper's questions, for the form on the registration's page. */
  questions: { testAttemptQuestionId: number; questionNumber: number }[];
  appeals: {
    appealId: number;
    testAttemptQuestionId: number | null;
    questionNumber: number | null;
    kind: AppealKind;
    text: string;
    updatedAt: string;
    decision: { outcome: DecisionOutcome; reason: string; decidedAt: string } | null;
  }[];
  /** Every regrade that moved the pupil's score, with its reason. */
  scoreChanges: {
    questionNumber: number | null;
    action: RegradeAction;
    oldScore: number;
    newScore: number;
    reason: string;
    changedAt: string;
  }[];
  list: {
    state: ListState;
    since: string;
    secondStage: boolean;
    /** The list's minute still to come (ISO), shown as "results on 20.06 at 10:00"; null once public or when none was set. */
    announcedAt: string | null;
    /** Once final and not on it: the pupil's place in their district, and the last place the list takes (null when unranked: voided, blocked). */
    place: { rank: number; districtName: string | null; top: number } | null;
    /** Once final: the public check of the list (the pupil's district's part of it). */
    publicUrl: string | null;
  };
};

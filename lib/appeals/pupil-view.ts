// What the pupil's (or the parent's) appeals pages read: the owner's current, ended attempt,
// whether its review shows the key yet, and the view of its appeals, the decisions on them, why
// the score moved and where the second-stage list stands, in the reader's language.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { currentAttempt, olympiadAttempt } from "@/lib/attempts/counting";
import { mayRevealKey } from "@/lib/attempts/rules";
import { answersStillPossible } from "@/lib/attempts/taking";
import { type db, selectRows, type Transaction } from "@/lib/db/client";
import { built, when } from "@/lib/db/rows";
import { type FinalList, listStatus } from "@/lib/final-list/final";
import { announcedMinute } from "@/lib/final-list/public";
import { notFound } from "@/lib/http/errors";
import { allResults } from "@/lib/results/ranking";
import { TOP } from "@/lib/results/ranking-sql";
import type { AppealsView, DecisionOutcome } from "@/shared/appeals/schema";
import { tenthsToPoints } from "@/shared/attempts/scoring";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { toCyrillic } from "@/shared/i18n/transliterate";
import type { RegradeAction } from "@/shared/results/schema";
import { closeMovedEarlier } from "./close";

/** Whose appeals: the signed-in pupil's, or the pupil of a paid registration (the parent's link). */
export type AppealOwner = { userId: number } | { guid: string };

const ownAttemptRow = z.object({
  attemptId: z.number(),
  userId: z.number(),
  testId: z.number(),
  endedAt: when,
  closedAt: when,
  reviewPolicy: z.string(),
});
type OwnAttempt = z.infer<typeof ownAttemptRow>;

/**
 * The owner's current, ended attempt (the latest), or null. A voided one too: its pupil may appeal
 * the voiding (against the result as a whole) like any other result.
 */
export async function ownAttempt(runner: Transaction | typeof db, owner: AppealOwner): Promise<OwnAttempt | null> {
  const who =
    "userId" in owner
      ? sql`a.user_id = ${owner.userId}`
      : sql`a.user_id = (select r.user_id from registrations r where r.guid = ${owner.guid} and r.paid_at is not null)`;
  const [row] = await selectRows(
    ownAttemptRow,
    runner,
    sql`
      select a.id as "attemptId", a.user_id as "userId", a.test_id as "testId", a.ended_at as "endedAt",
             t.closed_at as "closedAt", t.review_policy as "reviewPolicy"
      from attempts a join tests t on t.id = a.test_id
      where ${who} and a.ended_at is not null and ${currentAttempt("a")} and ${olympiadAttempt("a")}
      order by a.ended_at desc
      limit 1`,
  );
  return row ?? null;
}

/** Whether the pupil's review shows the key now: appeals begin then. */
export async function keyShown(runner: Transaction | typeof db, attempt: OwnAttempt, now: Date): Promise<boolean> {
  const policy = { endedAt: new Date(attempt.endedAt), reviewPolicy: attempt.reviewPolicy, closedAt: new Date(attempt.closedAt), now };
  return (
    mayRevealKey({ ...policy, answersStillPossible: false }) &&
    mayRevealKey({ ...policy, answersStillPossible: await answersStillPossible({ testId: attempt.testId, now }, runner) })
  );
}

/**
 * A decision's reason as the pupil reads it: Uzbek in their script, or Russian where the organiser
 * gave it; the other language where the organiser wrote only that one (for appellants who read it).
 */
function reasonIn(locale: Locale, { reason, reasonRu }: { reason: string; reasonRu: string | null }): string {
  if (locale === "ru" || reason === "") return reasonRu ?? reason;
  return locale === "uz-Cyrl" ? toCyrillic(reason) : reason;
}

type ViewRows = {
  questions: AppealsView["questions"];
  appeals: (Omit<AppealsView["appeals"][number], "decision"> & {
    outcome: DecisionOutcome | null;
    reason: string | null;
    reasonRu: string | null;
    decidedAt: string | null;
  })[];
  changes: {
    questionNumber: number | null;
    action: RegradeAction;
    oldTenths: number;
    newTenths: number;
    reason: string;
    reasonRu: string | null;
    changedAt: string;
  }[];
  selected: boolean;
};

export async function viewOf(runner: Transaction | typeof db, attempt: OwnAttempt, locale: Locale, now: Date): Promise<AppealsView> {
  const [rows] = await selectRows(
    z.object({
      questions: built<ViewRows["questions"]>(),
      appeals: built<ViewRows["appeals"]>(),
      changes: built<ViewRows["changes"]>(),
      selected: z.boolean(),
    }),
    runner,
    sql`
      select
        (select coalesce(json_agg(json_build_object('testAttemptQuestionId', aq.id, 'questionNumber', aq.number) order by aq.number), '[]')
           from attempt_questions aq where aq.attempt_id = ${attempt.attemptId}) as questions,
        (select coalesce(json_agg(json_build_object(
                  'appealId', ap.id, 'testAttemptQuestionId', ap.attempt_question_id, 'questionNumber', aq.number, 'kind', ap.kind,
                  'text', ap.text, 'updatedAt', ap.updated_at, 'outcome', d.outcome, 'reason', d.reason, 'reasonRu', d.reason_ru,
                  'decidedAt', d.decided_at) order by aq.number nulls first), '[]')
           from appeals ap
           left join attempt_questions aq on aq.id = ap.attempt_question_id
           left join appeal_decisions d on d.id = ap.decision_id
           where ap.attempt_id = ${attempt.attemptId}) as appeals,
        (select coalesce(json_agg(json_build_object(
                  'questionNumber', aq.number, 'action', c.action, 'oldTenths', c.old_tenths, 'newTenths', c.new_tenths,
                  'reason', c.reason, 'reasonRu', c.reason_ru, 'changedAt', c.changed_at) order by c.id), '[]')
           from score_changes c
           left join attempt_questions aq on aq.attempt_id = c.attempt_id and aq.question_id = c.question_id
           where c.attempt_id = ${attempt.attemptId}) as changes,
        coalesce((select fl.rows -> 'rows' @> ${JSON.stringify([{ userId: attempt.userId }])}::jsonb
                  from final_lists fl where fl.test_id = ${attempt.testId} order by fl.version desc limit 1), false) as selected`,
  );
  const status = await listStatus(runner, attempt.testId, now);
  if (!status) throw notFound();
  const shown = await keyShown(runner, attempt, now);
  const shownFinal = status.public ? status.final : null;
  return {
    attemptId: attempt.attemptId,
    open: shown && status.appealsOpen && status.state === "provisional",
    keyShown: shown,
    phase: status.appealPhase,
    opensAt: status.closedAt.toISOString(),
    closesAt: status.appealsCloseAt.toISOString(),
    closeMoved: await closeMovedEarlier(runner, attempt.testId),
    questions: rows.questions,
    appeals: rows.appeals.map((a) => ({
      appealId: a.appealId,
      testAttemptQuestionId: a.testAttemptQuestionId,
      questionNumber: a.questionNumber,
      kind: a.kind,
      text: a.text,
      updatedAt: new Date(a.updatedAt).toISOString(),
      decision:
        a.outcome === null
          ? null
          : {
              outcome: a.outcome,
              reason: reasonIn(locale, { reason: a.reason ?? "", reasonRu: a.reasonRu }),
              decidedAt: new Date(a.decidedAt ?? 0).toISOString(),
            },
    })),
    scoreChanges: rows.changes.map((c) => ({
      questionNumber: c.questionNumber,
      action: c.action,
      oldScore: tenthsToPoints(c.oldTenths),
      newScore: tenthsToPoints(c.newTenths),
      reason: reasonIn(locale, c),
      changedAt: new Date(c.changedAt).toISOString(),
    })),
    // Before the list's minute the pupil and the family read it as provisional, with the minute announced.
    list: {
      state: shownFinal ? "final" : "provisional",
      since: (shownFinal ? shownFinal.finalisedAt : status.closedAt).toISOString(),
      secondStage: shownFinal !== null && rows.selected,
      announcedAt: announcedMinute(status.resultsAt, now)?.toISOString() ?? null,
      ...(await offTheList(runner, attempt, shownFinal, rows.selected)),
    },
  };
}

/**
 * Once the list is final: its public check (the pupil's district's part), and for a pupil it does
 * not name, their place in their district's ranking (what the list was cut from).
 */
async function offTheList(
  runner: Transaction | typeof db,
  attempt: OwnAttempt,
  final: FinalList | null,
  selected: boolean,
): Promise<Pick<AppealsView["list"], "place" | "publicUrl">> {
  if (!final) return { place: null, publicUrl: null };
  const [row] = await allResults({ testId: attempt.testId, attemptIds: [attempt.attemptId] }, runner);
  const district = row?.districtId ? `?district=${row.districtId}` : "";
  return {
    place: !selected && row?.rank ? { rank: row.rank, districtName: row.districtName, top: TOP } : null,
    publicUrl: `/lists/${final.topHash}${district}`,
  };
}

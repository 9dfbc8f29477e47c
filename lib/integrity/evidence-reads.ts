// The console's reads of stored evidence about pairs, for lib/integrity/decisions.ts: what the
// screenings that listed a pair kept, and for one pair's evidence sheet the questions both pupils were
// given with each one's final choice, every save of their answers, and what they shared in the window.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { anyAttempt } from "@/lib/attempts/counting";
import { reportDb, selectRows } from "@/lib/db/client";
import { built, studyLanguage } from "@/lib/db/rows";
import type { PairEvidence } from "@/lib/statistics/similarity";
import type { LanguageTexts, StudyLanguage } from "@/shared/attempts/enums";
import { inScreeningWindow } from "./screening";

/**
 * The evidence of the pairs shown with a test's newest run (`screeningId`; all, or the one asked
 * for): that run's pairs, strongest first; then every pair decided on before that the run no longer
 * lists, with the evidence of the last run that listed it.
 */
export async function listedEvidence(
  testId: number,
  screeningId: number,
  only?: { attemptA: number; attemptB: number },
): Promise<{ evidence: PairEvidence }[]> {
  const ofPair = (alias: string) =>
    only ? sql`and ${sql.raw(alias)}.attempt_a = ${only.attemptA} and ${sql.raw(alias)}.attempt_b = ${only.attemptB}` : sql``;
  return selectRows(
    z.object({ evidence: built<PairEvidence>() }),
    reportDb,
    sql`
      select evidence from (
        select p.evidence, 0 as part, p.position from screening_pairs p where p.screening_id = ${screeningId} ${ofPair("p")}
        union all
        select * from (
          select distinct on (p.attempt_a, p.attempt_b) p.evidence, 1 as part, p.position
          from screening_pairs p join screenings s on s.id = p.screening_id
          where s.test_id = ${testId} ${ofPair("p")}
            and exists (select 1 from screening_decisions d where d.attempt_a = p.attempt_a and d.attempt_b = p.attempt_b)
            and not exists (select 1 from screening_pairs n where n.screening_id = ${screeningId}
                              and n.attempt_a = p.attempt_a and n.attempt_b = p.attempt_b)
          order by p.attempt_a, p.attempt_b, s.ran_at desc, s.id desc) decided
      ) pairs
      order by part, position`,
  );
}

/** A question both pupils were given: each one's number for it, final choice (its texts, letter, correctness) and language. */
export type SharedQuestionRow = {
  questionId: number;
  texts: LanguageTexts;
  aNumber: number;
  bNumber: number;
  aChoice: number | null;
  bChoice: number | null;
  aTexts: LanguageTexts | null;
  bTexts: LanguageTexts | null;
  aLetter: number | null;
  bLetter: number | null;
  aCorrect: boolean;
  bCorrect: boolean;
  aLanguage: StudyLanguage;
  bLanguage: StudyLanguage;
};

/** The questions both pupils were given, in A's order. */
export async function sharedQuestions(attemptA: number, attemptB: number): Promise<SharedQuestionRow[]> {
  return selectRows(
    z.object({
      questionId: z.number(),
      texts: built<LanguageTexts>(),
      aNumber: z.number(),
      bNumber: z.number(),
      aChoice: z.number().nullable(),
      bChoice: z.number().nullable(),
      aTexts: built<LanguageTexts>().nullable(),
      bTexts: built<LanguageTexts>().nullable(),
      aLetter: z.number().nullable(),
      bLetter: z.number().nullable(),
      aCorrect: z.boolean(),
      bCorrect: z.boolean(),
      aLanguage: studyLanguage,
      bLanguage: studyLanguage,
    }) satisfies z.ZodType<SharedQuestionRow>,
    reportDb,
    sql`
      select qa.question_id as "questionId", q.texts, qa.number as "aNumber", qb.number as "bNumber",
             qa.answer_choice_id as "aChoice", qb.answer_choice_id as "bChoice", ca.texts as "aTexts", cb.texts as "bTexts",
             ca.position as "aLetter", cb.position as "bLetter", coalesce(ca.is_correct, false) as "aCorrect",
             coalesce(cb.is_correct, false) as "bCorrect", aa.language as "aLanguage", ab.language as "bLanguage"
      from attempt_questions qa
      join attempt_questions qb on qb.attempt_id = ${attemptB} and qb.question_id = qa.question_id
      join attempts aa on aa.id = qa.attempt_id and ${anyAttempt()}
      join attempts ab on ab.id = qb.attempt_id and ${anyAttempt()}
      join questions q on q.id = qa.question_id
      left join question_choices ca on ca.id = qa.answer_choice_id
      left join question_choices cb on cb.id = qb.answer_choice_id
      where qa.attempt_id = ${attemptA}
      order by qa.number`,
  );
}

/** One save of an answer: whose, when the server received it (ms from the test's opening), which question and choice. */
export type SaveRow = { attemptId: number; at: number; questionId: number; choiceLetter: number | null };

/**
 * Every save of either pupil's answers, in the order received. Each row is found by its keys (the
 * two attempts, then each save's choice), so the read costs the pair's saves whatever the database
 * holds: a join on the choices let PostgreSQL hash every choice of every bank (35 000 after the
 * unit suites: 60 ms of a 1 ms read).
 */
export async function answerSaves(attemptA: number, attemptB: number): Promise<SaveRow[]> {
  return selectRows(
    z.object({ attemptId: z.number(), at: z.number(), questionId: z.number(), choiceLetter: z.number().nullable() }),
    reportDb,
    sql`
      select e.attempt_id as "attemptId", e.question_id as "questionId",
             (select c.position from question_choices c where c.id = e.choice_id) as "choiceLetter",
             round(extract(epoch from (e.received_at - t.opened_at)) * 1000)::float8 as at
      from answer_events e
      join attempts a on a.id = e.attempt_id and ${anyAttempt()}
      join tests t on t.id = a.test_id
      where e.attempt_id in (${attemptA}, ${attemptB}) and a.id in (${attemptA}, ${attemptB})
      order by e.received_at, e.id`,
  );
}

/** How many devices both pupils used during the test's window, and the addresses both came from (null: none). */
export type SharedAccess = { devices: number; addresses: string[] | null };

/** What the two pupils shared during the test's window. */
export async function sharedAccess(attemptA: number, attemptB: number): Promise<SharedAccess | undefined> {
  const [overlap] = await selectRows(
    z.object({ devices: z.number(), addresses: built<string[]>().nullable() }),
    reportDb,
    sql`
      with seen as (
        select a.id as attempt_id, v.device_id, v.address from access_events v
        join attempts a on a.user_id = v.user_id and ${anyAttempt()}
        join tests t on t.id = a.test_id
        where a.id in (${attemptA}, ${attemptB}) and ${inScreeningWindow(sql.raw("v.at"), sql.raw("t"))})
      select (select count(distinct x.device_id)::int from seen x join seen y on y.device_id = x.device_id
               where x.attempt_id = ${attemptA} and y.attempt_id = ${attemptB}) as devices,
             (select array_agg(distinct x.address) from seen x join seen y on y.address = x.address
               where x.attempt_id = ${attemptA} and y.attempt_id = ${attemptB}) as addresses`,
  );
  return overlap;
}

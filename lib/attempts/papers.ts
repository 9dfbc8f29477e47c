// Papers drawn before the opening: a pupil's questions and each one's choice order,
// drawn when the countdown is opened, so that at the opening `New` only checks the PIN and stamps
// the start, in one statement. A paper is no attempt: nothing but `New` ever reads it.
import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { drawnPapers, questionChoices, questions, tests } from "@/db/schema";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { built, studyLanguage } from "@/lib/db/rows";
import { businessError } from "@/lib/http/errors";
import type { Access } from "@/lib/identity/access";
import type { StudyLanguage } from "@/shared/attempts/enums";
import { countOf, DIFFICULTIES } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import { RegistrationStatus } from "@/shared/registration/status";
import { currentAttempt } from "./counting";
import type { TestRow } from "./queries";
import { numberQuestions, shuffle } from "./rules";
import { deadlineSql, windowOpenSql } from "./rules-sql";

/** In number order: [questionId, its choice ids in the order this pupil sees them]. */
export type Paper = [number, number[]][];

/**
 * Only the questions whole in the pupil's study language are drawn for them: their text, every
 * choice's and their reading text's (a passage in another language is never shown instead).
 */
const inLanguageSql = (language: StudyLanguage) => {
  const code = String(language);
  return sql`(jsonb_exists(${questions.texts}, ${code})
    and not exists (select 1 from question_choices c where c.question_id = ${questions.id} and not jsonb_exists(c.texts, ${code}))
    and (${questions.readingTextId} is null
         or exists (select 1 from reading_texts r where r.id = ${questions.readingTextId} and jsonb_exists(r.texts, ${code}))))`;
};

/**
 * A bank item papers draw: not retired, not voided by a regrade, and fresh, or exposed (seen with
 * its key in an earlier season, lib/seasons/carry.ts) but kept on purpose by the organiser.
 */
export const drawableSql = () =>
  and(isNull(questions.retiredAt), isNull(questions.voidAwards), or(eq(questions.seenBy, 0), eq(questions.keptExposed, true)));

/**
 * Draws at random per difficulty from the subject's drawable bank in the pupil's study language, numbers the questions (easy, medium, hard; a reading text's questions
 * together) and shuffles each one's choices once. 3000 when the bank is short in that language.
 */
export async function drawPaper(test: TestRow, language: StudyLanguage, runner: typeof db | Transaction = db): Promise<Paper> {
  const drawn: { id: number; difficulty: number; readingTextId: number | null }[] = [];
  for (const { difficulty } of DIFFICULTIES) {
    const needed = countOf(test, difficulty);
    const rows = await runner
      .select({ id: questions.id, difficulty: questions.difficulty, readingTextId: questions.readingTextId })
      .from(questions)
      .where(and(eq(questions.subjectId, test.subjectId), eq(questions.difficulty, difficulty), inLanguageSql(language), drawableSql()))
      .orderBy(sql`random()`)
      .limit(needed);
    if (rows.length < needed) throw businessError(ErrorCode.QuestionsNotEnough);
    drawn.push(...rows);
  }
  const numbered = numberQuestions(drawn);
  const choices = await runner
    .select({ id: questionChoices.id, questionId: questionChoices.questionId })
    .from(questionChoices)
    .where(
      inArray(
        questionChoices.questionId,
        numbered.map((q) => q.id),
      ),
    );
  return numbered.map((q) => [q.id, shuffle(choices.filter((c) => c.questionId === q.id).map((c) => c.id))]);
}

/** The pupil's paper for the test, drawn once ahead of the opening; a short bank draws nothing yet. */
export async function preparePaper({ userId, test, language }: { userId: number; test: TestRow; language: StudyLanguage }): Promise<void> {
  const [existing] = await db
    .select({ userId: drawnPapers.userId })
    .from(drawnPapers)
    .where(and(eq(drawnPapers.userId, userId), eq(drawnPapers.testId, test.id), eq(drawnPapers.language, language)));
  if (existing) return;
  let paper: Paper;
  try {
    paper = await drawPaper(test, language);
  } catch {
    return; // New says why (3000) when the pupil presses start.
  }
  // A paper of the pupil's old language (their language changed as it was drawn) gives way to this one.
  await db
    .insert(drawnPapers)
    .values({ userId, testId: test.id, language, questions: paper })
    .onConflictDoUpdate({
      target: [drawnPapers.userId, drawnPapers.testId],
      set: { language, questions: paper, createdAt: sql`now()` },
      setWhere: sql`${drawnPapers.language} <> excluded.language`,
    });
}

/** The paper, if one was drawn, taken out as the attempt is made from it. */
export async function takePaper(tx: Transaction, { userId, testId }: { userId: number; testId: number }): Promise<Paper | null> {
  const [taken] = await tx
    .delete(drawnPapers)
    .where(and(eq(drawnPapers.userId, userId), eq(drawnPapers.testId, testId)))
    .returning({ questions: drawnPapers.questions });
  return taken?.questions ?? null;
}

/** After a pupil's study language changes: their paper (in the old language) is drawn anew. */
export async function pupilLanguageChanged(tx: Transaction, { userId }: { userId: number }): Promise<void> {
  await tx.delete(drawnPapers).where(eq(drawnPapers.userId, userId));
}

/**
 * After the bank or the counts of a subject's test change: its papers are drawn anew, and its
 * content version moves on, so no instance serves question content it cached before.
 */
export async function bankChanged(tx: Transaction, { subjectId }: { subjectId: number }): Promise<void> {
  await tx
    .delete(drawnPapers)
    .where(inArray(drawnPapers.testId, tx.select({ id: tests.id }).from(tests).where(eq(tests.subjectId, subjectId))));
  await tx
    .update(tests)
    .set({ contentVersion: sql`${tests.contentVersion} + 1` })
    .where(eq(tests.subjectId, subjectId));
}

/**
 * The opening's `New` in one statement: when the pupil is paid, the window open, the PIN right,
 * no live attempt exists and a paper is ready, the attempt and its questions are made from the
 * paper (which is taken out), where the start came from is recorded (access_events), and its id
 * returned. Null otherwise: the caller then checks each rule in turn and says which one failed, or
 * draws now.
 */
export async function startFromPaper({
  userId,
  pinCode,
  from,
  now,
}: {
  userId: number;
  pinCode: string;
  from: Access;
  now: Date;
}): Promise<StartedFromPaper | null> {
  const at = now.toISOString();
  const rows = await selectRows(
    z.object({
      id: z.number(),
      test_id: z.number(),
      content_version: z.number(),
      language: studyLanguage,
      deadline_at: z.string(),
      paper: built<Paper>(),
      numbered: built<number[]>(),
    }),
    db,
    sql`
      with ready as (
        select u.id as user_id, t.id as test_id, t.content_version, u.language,
               ${deadlineSql({ startedAt: now, durationMinutes: sql`t.duration_minutes`, extraMinutes: sql`u.extra_minutes`, closedAt: sql`t.closed_at` })} as deadline_at
        from users u
        join registrations r on r.user_id = u.id and r.status = ${RegistrationStatus.Paid}
        join tests t on t.subject_id = u.subject_id and t.stage = 1
        -- A paper drawn in another language than the pupil's now is not theirs (New draws anew).
        join drawn_papers p on p.user_id = u.id and p.test_id = t.id and p.language = u.language
        where u.id = ${userId} and t.pin_code = ${pinCode}
          and ${windowOpenSql({ openedAt: sql`t.opened_at`, closedAt: sql`t.closed_at` }, now)}
          and jsonb_array_length(p.questions) = t.easy_count + t.medium_count + t.hard_count
          and not exists (select 1 from attempts a where a.user_id = u.id and ${currentAttempt("a")})
        -- The pupil's row, shared: a change of subject (updateProfile) waits for this start, or
        -- this start sees the new subject; never both (one payment, one olympiad).
        for share of u
      ),
      taken as (
        delete from drawn_papers p using ready
        where p.user_id = ready.user_id and p.test_id = ready.test_id
        returning p.questions
      ),
      created as (
        -- No paper taken (deleted under it by a bank change): no attempt either.
        insert into attempts (user_id, test_id, language, started_at, deadline_at)
        select user_id, test_id, language, ${at}::timestamptz, deadline_at from ready
        where exists (select 1 from taken)
        on conflict do nothing
        returning id
      ),
      numbered as (
        insert into attempt_questions (attempt_id, question_id, number, choice_order)
        select created.id, (q.value->>0)::int, q.number,
               array(select c.id::int from jsonb_array_elements_text(q.value->1) with ordinality as c(id, n) order by c.n)
        from created, taken, jsonb_array_elements(taken.questions) with ordinality as q(value, number)
        returning id, number
      ),
      accessed as (
        -- Where the start came from, in this statement: the opening's thousands of starts pay one
        -- row more each, no round trip and no read more.
        insert into access_events (user_id, test_id, kind, device_id, address, at)
        select ready.user_id, ready.test_id, 'start', ${from.deviceId}::text, ${from.address}::text, ${at}::timestamptz
        from created, ready
      )
      select created.id, ready.test_id, ready.content_version, ready.language, ready.deadline_at, taken.questions as paper,
             (select coalesce(json_agg(id order by number), '[]'::json) from numbered) as numbered
      from created, ready, taken`,
  );
  const [row] = rows;
  if (!row) return null;
  return {
    attemptId: row.id,
    testId: row.test_id,
    contentVersion: row.content_version,
    language: row.language,
    deadlineAt: new Date(row.deadline_at),
    paper: row.paper,
    testAttemptQuestionIds: row.numbered.map(Number),
  };
}

/** An attempt made from the drawn paper, with what opens the device's sealed copy of it. */
export type StartedFromPaper = {
  attemptId: number;
  testId: number;
  contentVersion: number;
  language: StudyLanguage;
  deadlineAt: Date;
  paper: Paper;
  /** The attempt's question rows in number order (Answer names them). */
  testAttemptQuestionIds: number[];
};

// The key of a paper's questions as its review shows it, read only once the key may be shown: the
// correct choices (more than one when an appeal found another correct too), the questions a
// regrade voided (their points given to everyone or to nobody), and those whose key a regrade
// changed (an appeal's decision on the test, or a change of this attempt's score).
import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { questionChoices, questions } from "@/db/schema";
import { db, selectRows } from "@/lib/db/client";
import type { VoidAwards } from "@/shared/attempts/enums";

export async function reviewKey({ questionIds, attemptId, testId }: { questionIds: number[]; attemptId: number; testId: number }) {
  const [correct, voided, rekeyed] = await Promise.all([
    db
      .select({ id: questionChoices.id })
      .from(questionChoices)
      .where(and(inArray(questionChoices.questionId, questionIds), eq(questionChoices.isCorrect, true))),
    db
      .select({ id: questions.id, voidAwards: questions.voidAwards })
      .from(questions)
      .where(and(inArray(questions.id, questionIds), isNotNull(questions.voidAwards))),
    selectRows(
      z.object({ questionId: z.number() }),
      db,
      sql`select d.question_id as "questionId" from appeal_decisions d
          where d.test_id = ${testId} and d.outcome in ('key', 'also') and d.question_id is not null
          union
          select c.question_id from score_changes c
          where c.attempt_id = ${attemptId} and c.action in ('key', 'also') and c.question_id is not null`,
    ),
  ]);
  return {
    correct: new Set(correct.map((c) => c.id)),
    voided: new Map(voided.map((q) => [q.id, q.voidAwards as VoidAwards])),
    rekeyed: new Set(rekeyed.map((r) => r.questionId)),
  };
}

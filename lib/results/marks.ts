// One attempt's marks, question by question, for the organiser's results (opened on demand).
import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { attemptQuestions, attempts, questionChoices, questions, tests } from "@/db/schema";
import { earnsPoints } from "@/lib/attempts/scoring-sql";
import { reportDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { Difficulty, VoidAwards } from "@/shared/attempts/enums";
import { pointsTenthsOf, tenthsToPoints } from "@/shared/attempts/scoring";

export type Mark = {
  number: number;
  questionId: number;
  difficulty: Difficulty;
  answered: boolean;
  earned: boolean;
  points: number;
  voided: VoidAwards | null;
};

export async function attemptMarks({ attemptId }: { attemptId: number }): Promise<{ attemptId: number; marks: Mark[] }> {
  const [attempt] = await reportDb
    .select({ test: tests })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(eq(attempts.id, attemptId));
  if (!attempt) throw notFound();
  const rows = await reportDb
    .select({
      number: attemptQuestions.number,
      questionId: questions.id,
      difficulty: questions.difficulty,
      answered: sql<boolean>`${attemptQuestions.answerChoiceId} is not null`,
      earned: sql<number>`${earnsPoints}`,
      voided: questions.voidAwards,
    })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .leftJoin(questionChoices, eq(questionChoices.id, attemptQuestions.answerChoiceId))
    .where(eq(attemptQuestions.attemptId, attemptId))
    .orderBy(asc(attemptQuestions.number));
  const { test } = attempt;
  return {
    attemptId,
    marks: rows.map((r) => ({
      number: r.number,
      questionId: r.questionId,
      difficulty: r.difficulty,
      answered: Boolean(r.answered),
      earned: Number(r.earned) === 1,
      points: Number(r.earned) === 1 ? tenthsToPoints(pointsTenthsOf(test, r.difficulty)) : 0,
      voided: r.voided,
    })),
  };
}

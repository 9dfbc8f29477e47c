// Item statistics of a test: per question of the bank, how often it was drawn, its
// facility (in all and per study language), its discrimination and each choice's picks, so a wrong
// key or a wrong translation is found before the ranking.
import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { attemptQuestions, attempts, questionChoices, questions, tests } from "@/db/schema";
import { countingAttempt, totalTenthsSql } from "@/lib/attempts/counting";
import { earnsPoints, pointsTenthsSql } from "@/lib/attempts/scoring-sql";
import { reportDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { resultsState } from "@/lib/results/state";
import { type Difficulty, firstText, type StudyLanguage, type VoidAwards } from "@/shared/attempts/enums";

export type ItemFlag = "negativeDiscrimination" | "distractorAboveKey" | "languagesDiffer";

/**
 * Fewer draws than this say nothing about a key: two or three pupils picking the same wrong choice,
 * or a strong one missing it, is chance. Below it the figures are shown but no question is flagged
 * "Kalit xato bo'lishi mumkin" (the page says so).
 */
export const WRONG_KEY_MIN_DRAWN = 5;

/** Two languages' facilities further apart than this, each over enough pupils, point to a translation. */
export const LANGUAGE_GAP = 0.2;
export const LANGUAGE_MIN_DRAWN = 30;

export type ItemStatistics = {
  questionId: number;
  difficulty: Difficulty;
  /** HTML, sanitised on import. */
  text: string;
  voided: VoidAwards | null;
  retired: boolean;
  drawn: number;
  answered: number;
  correct: number;
  /** correct / drawn; null when nobody drew it. */
  facility: number | null;
  /** Corrected point-biserial; null when undefined (fewer than 2 attempts, or no variance). */
  discrimination: number | null;
  /** Per study language it was drawn in: how often, and its facility there. */
  languages: { language: StudyLanguage; drawn: number; facility: number }[];
  /** In the order stored. */
  choices: { choiceId: number; text: string; isCorrect: boolean; picked: number }[];
  flags: ItemFlag[];
};

export type TestItemStatistics = {
  testId: number;
  subjectId: number;
  /** The window is still open: more attempts may end and change every figure. */
  provisional: boolean;
  /** Ended attempts that count (not reset). */
  attempts: number;
  items: ItemStatistics[];
};

const round3 = (value: number) => Math.round(value * 1000) / 1000 + 0; // + 0: no "-0"

/**
 * Pearson's r between x (0/1) and y from their sums: with x the item's score and y the rest of
 * the total, the corrected point-biserial (the item's own points left out, so a lone item does not
 * correlate with itself).
 */
export function pointBiserial({ n, sx, sy, sxy, syy }: { n: number; sx: number; sy: number; sxy: number; syy: number }): number | null {
  if (n < 2) return null;
  // x is 0/1, so Σx² = Σx.
  const varianceX = n * sx - sx * sx;
  const varianceY = n * syy - sy * sy;
  if (varianceX <= 0 || varianceY <= 0) return null;
  return (n * sxy - sx * sy) / Math.sqrt(varianceX * varianceY);
}

/**
 * Every question of the test's subject that ended attempts drew or that is still in the bank, with
 * its figures over the test's ended attempts (a reset attempt is kept for the record only). The sums
 * are grouped in SQL: a test may have 30 000 attempts of 30 questions.
 */
export async function itemStatistics({ testId, now = new Date() }: { testId: number; now?: Date }): Promise<TestItemStatistics> {
  const [test] = await reportDb.select().from(tests).where(eq(tests.id, testId));
  if (!test) throw notFound();

  const endedOfTest = and(eq(attempts.testId, testId), isNotNull(attempts.endedAt));
  // x: whether the drawn question earned its points (the scoring's own rule); y: the attempt's
  // total without this question's points, both in tenths.
  const x = earnsPoints;
  const itemTenths = pointsTenthsSql(questions.difficulty);
  const total = totalTenthsSql();
  const y = sql`(${total} - ${x} * ${itemTenths})`;
  // float8: exact for these integer sums (far below 2^53), and a number in both drivers.
  const sum = (value: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${value}), 0)::float8`;

  // Per question and study language: the sums add up over the languages (one item, several texts).
  const [perLanguage, picks, [{ ended }], state] = await Promise.all([
    reportDb
      .select({
        questionId: attemptQuestions.questionId,
        language: attempts.language,
        n: sql<number>`count(*)::int`,
        answered: sql<number>`count(${attemptQuestions.answerChoiceId})::int`,
        sx: sum(x),
        sy: sum(y),
        sxy: sum(sql`${x} * ${y}`),
        syy: sum(sql`${y} * ${y}`),
      })
      .from(attemptQuestions)
      .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
      .leftJoin(questionChoices, eq(questionChoices.id, attemptQuestions.answerChoiceId))
      .where(and(endedOfTest, countingAttempt()))
      .groupBy(attemptQuestions.questionId, attempts.language)
      .orderBy(asc(attempts.language)),
    reportDb
      .select({ choiceId: attemptQuestions.answerChoiceId, picked: sql<number>`count(*)::int` })
      .from(attemptQuestions)
      .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
      .where(and(endedOfTest, countingAttempt(), isNotNull(attemptQuestions.answerChoiceId)))
      .groupBy(attemptQuestions.answerChoiceId),
    reportDb.select({ ended: sql<number>`count(*)::int` }).from(attempts).where(and(endedOfTest, countingAttempt())),
    resultsState(reportDb, testId, now),
  ]);
  const sumsOf = new Map<number, { n: number; answered: number; sx: number; sy: number; sxy: number; syy: number }>();
  for (const s of perLanguage) {
    const total = sumsOf.get(s.questionId) ?? { n: 0, answered: 0, sx: 0, sy: 0, sxy: 0, syy: 0 };
    for (const key of ["n", "answered", "sx", "sy", "sxy", "syy"] as const) total[key] += Number(s[key]);
    sumsOf.set(s.questionId, total);
  }

  const drawnIds = [...sumsOf.keys()];
  const rows = await reportDb
    .select({ question: questions, choice: questionChoices })
    .from(questions)
    .leftJoin(questionChoices, eq(questionChoices.questionId, questions.id))
    .where(
      and(
        eq(questions.subjectId, test.subjectId),
        drawnIds.length > 0 ? or(isNull(questions.retiredAt), inArray(questions.id, drawnIds)) : isNull(questions.retiredAt),
      ),
    )
    .orderBy(asc(questions.difficulty), asc(questions.id), asc(questionChoices.position), asc(questionChoices.id));

  const pickedOf = new Map(picks.map((p) => [p.choiceId, Number(p.picked)]));
  const items: ItemStatistics[] = [];
  for (const { question, choice } of rows) {
    let item = items.at(-1);
    if (item?.questionId !== question.id) {
      const s = sumsOf.get(question.id);
      const drawn = Number(s?.n ?? 0);
      const r = s ? pointBiserial({ n: drawn, sx: Number(s.sx), sy: Number(s.sy), sxy: Number(s.sxy), syy: Number(s.syy) }) : null;
      item = {
        questionId: question.id,
        difficulty: question.difficulty,
        text: firstText(question.texts),
        voided: question.voidAwards ?? null,
        retired: question.retiredAt !== null,
        drawn,
        answered: Number(s?.answered ?? 0),
        correct: Number(s?.sx ?? 0),
        facility: s && drawn > 0 ? round3(Number(s.sx) / drawn) : null,
        discrimination: r === null ? null : round3(r),
        languages: perLanguage
          .filter((l) => l.questionId === question.id)
          .map((l) => ({ language: l.language, drawn: Number(l.n), facility: round3(Number(l.sx) / Number(l.n)) })),
        choices: [],
        flags: [],
      };
      items.push(item);
    }
    if (choice)
      item.choices.push({
        choiceId: choice.id,
        text: firstText(choice.texts),
        isCorrect: choice.isCorrect,
        picked: pickedOf.get(choice.id) ?? 0,
      });
  }
  for (const item of items) item.flags = flagsOf(item);

  return { testId, subjectId: test.subjectId, provisional: state.provisional, attempts: Number(ended), items };
}

/** The wrong choices picked more often than the key: the pupils may know a key we got wrong. */
export function distractorsAboveKey(choices: ItemStatistics["choices"]): Set<number> {
  const key = Math.max(0, ...choices.filter((c) => c.isCorrect).map((c) => c.picked));
  return new Set(choices.filter((c) => !c.isCorrect && c.picked > key).map((c) => c.choiceId));
}

/**
 * What may point to a wrong key, once drawn WRONG_KEY_MIN_DRAWN times; a voided question is settled
 * already, so it has none.
 */
function flagsOf(item: ItemStatistics): ItemFlag[] {
  if (item.voided) return [];
  const flags: ItemFlag[] = [];
  const enough = item.drawn >= WRONG_KEY_MIN_DRAWN;
  if (enough && item.discrimination !== null && item.discrimination < 0) flags.push("negativeDiscrimination");
  if (enough && distractorsAboveKey(item.choices).size > 0) flags.push("distractorAboveKey");
  if (languagesDiffer(item.languages)) flags.push("languagesDiffer");
  return flags;
}

/** "Tarjima xato bo'lishi mumkin": two languages, each drawn by 30 or more, with facilities more than 0.2 apart. */
export function languagesDiffer(languages: ItemStatistics["languages"]): boolean {
  const enough = languages.filter((l) => l.drawn >= LANGUAGE_MIN_DRAWN).map((l) => l.facility);
  // In thousandths, as the facilities are rounded: 0.8 − 0.6 is no more than 0.2.
  return enough.length >= 2 && Math.round((Math.max(...enough) - Math.min(...enough)) * 1000) > LANGUAGE_GAP * 1000;
}

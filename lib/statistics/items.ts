// Item statistics of a test: per question of the bank, how often it was drawn, its facility and
// discrimination, each choice's picks, in all and per language version, Moodle's item analysis,
// its Rasch difficulty, Mantel–Haenszel DIF between its language versions, Moodle's test
// statistics, and what may point to a wrong key or a wrong translation, before the ranking. This
// module and ./item-attempts.ts read the database; ./analysis.ts computes the figures from what
// they read (in a child process); the workbook is ./workbook.ts.
import "server-only";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { questionChoices, questions, tests } from "@/db/schema";
import { reportDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { resultsState } from "@/lib/results/state";
import { type StudyLanguage, textOrFirst } from "@/shared/attempts/enums";
import type { ItemStatistics, TestItemStatistics } from "./analysis";
import { drawnQuestions } from "./item-attempts";
import { keptAnalysis } from "./kept-analysis";

/**
 * The subject's questions that ended attempts drew or that are still in the bank, each with its
 * choices in the source's order and no figures yet.
 */
async function bankItems(subjectId: number, drawnIds: number[], language?: StudyLanguage): Promise<ItemStatistics[]> {
  const rows = await reportDb
    .select({ question: questions, choice: questionChoices })
    .from(questions)
    .leftJoin(questionChoices, eq(questionChoices.questionId, questions.id))
    .where(
      and(
        eq(questions.subjectId, subjectId),
        drawnIds.length > 0 ? or(isNull(questions.retiredAt), inArray(questions.id, drawnIds)) : isNull(questions.retiredAt),
      ),
    )
    .orderBy(asc(questions.difficulty), asc(questions.id), asc(questionChoices.position), asc(questionChoices.id));
  const items: ItemStatistics[] = [];
  for (const { question, choice } of rows) {
    let item = items.at(-1);
    if (item?.questionId !== question.id) {
      item = {
        questionId: question.id,
        difficulty: question.difficulty,
        text: textOrFirst(question.texts, language),
        voided: question.voidAwards ?? null,
        retired: question.retiredAt !== null,
        drawn: 0,
        answered: 0,
        correct: 0,
        facility: null,
        discrimination: null,
        languages: [],
        choices: [],
        analysis: null,
        versions: [],
        raschDifficulty: null,
        dif: [],
        flags: [],
        reasons: [],
      };
      items.push(item);
    }
    if (choice)
      item.choices.push({ choiceId: choice.id, text: textOrFirst(choice.texts, language), isCorrect: choice.isCorrect, picked: 0 });
  }
  return items;
}

/**
 * Every question of the test's subject that ended attempts drew or that is still in the bank, with
 * its figures over the test's ended attempts (a reset attempt is kept for the record only), the
 * test's figures, and each pupil's Rasch measure (for the workbook). Computed in the statistics'
 * child process (lib/background/child.ts), one test at a time, and kept with the digest of what
 * it was computed from (./kept-analysis.ts): a visit computes again only when the attempts, the
 * key, the bank or the window changed.
 * `language`: the questions' and choices' texts in it where the bank has it (the reader's), else in their first.
 */
export async function analyseTest({ testId, now = new Date(), language }: { testId: number; now?: Date; language?: StudyLanguage }) {
  const [test] = await reportDb.select().from(tests).where(eq(tests.id, testId));
  if (!test) throw notFound();
  const [drawn, state] = await Promise.all([drawnQuestions(testId), resultsState(reportDb, testId, now)]);
  const items = await bankItems(test.subjectId, drawn, language);
  return keptAnalysis({ test: { id: test.id, subjectId: test.subjectId }, provisional: state.provisional, items }, language ?? null);
}

/** The page's and the API's figures: everything but the pupils' own measures. */
export async function itemStatistics({
  testId,
  now = new Date(),
  language,
}: {
  testId: number;
  now?: Date;
  language?: StudyLanguage;
}): Promise<TestItemStatistics> {
  return (await analyseTest({ testId, now, language })).stats;
}

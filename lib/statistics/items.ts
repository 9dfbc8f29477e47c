// Item statistics of a test: per question of the bank, how often it was drawn, its facility and
// discrimination, each choice's picks, in all and per language version, Moodle's item analysis
// (./moodle.ts), its Rasch difficulty (./rasch-scale.ts, ./rasch.ts) and Mantel–Haenszel DIF between
// its language versions (./dif.ts); for the test, Moodle's test statistics; and what may point to a
// wrong key or a wrong translation, each with its reason (./flags.ts), before the ranking. This
// module and ./item-attempts.ts read the database and feed the pure ones; the workbook is ./workbook.ts.
import "server-only";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { questionChoices, questions, tests } from "@/db/schema";
import { reportDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { resultsState } from "@/lib/results/state";
import { type Difficulty, type StudyLanguage, textOrFirst, type VoidAwards } from "@/shared/attempts/enums";
import { type DifAnswer, mantelHaenszel } from "./dif";
import { DIF_MIN_DRAWN, type FlagReason, type ItemFlag, type LanguageDif, type LanguageFacility, reasonsOf } from "./flags";
import { type Given, readAttempts, referenceLanguageOf } from "./item-attempts";
import { type ItemAnalysis, type ItemResponse, itemAnalysis, type TestAnalysis, testAnalysis, thirdsOf } from "./moodle";
import { type RaschSummary, raschOf } from "./rasch-scale";
import { round3, rounded } from "./rounding";

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
  languages: LanguageFacility[];
  /** In the order stored. */
  choices: { choiceId: number; text: string; isCorrect: boolean; picked: number }[];
  /** Moodle's item analysis over every pupil who drew it; null when nobody did. */
  analysis: ItemAnalysis | null;
  /** The same per language version, in the order of `languages`. */
  versions: { language: StudyLanguage; analysis: ItemAnalysis }[];
  /** Rasch difficulty in logits (CML, the placed questions' mean 0); null when not placed (voided, or never missed or never earned). */
  raschDifficulty: number | null;
  /** Each version other than the reference language's, against it. */
  dif: LanguageDif[];
  flags: ItemFlag[];
  reasons: FlagReason[];
};

export type TestItemStatistics = {
  testId: number;
  subjectId: number;
  /** The window is still open: more attempts may end and change every figure. */
  provisional: boolean;
  /** Ended attempts that count (not reset). */
  attempts: number;
  /** Moodle's test statistics, the totals in points; null without an ended attempt. */
  test: TestAnalysis | null;
  rasch: RaschSummary | null;
  /** The study language with the most pupils: each other version's DIF is against it. */
  referenceLanguage: StudyLanguage | null;
  items: ItemStatistics[];
};

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
 * test's figures, and each pupil's Rasch measure (for the workbook).
 */
/** `language`: the questions' and choices' texts in it where the bank has it (the reader's), else in their first. */
export async function analyseTest({ testId, now = new Date(), language }: { testId: number; now?: Date; language?: StudyLanguage }) {
  const [test] = await reportDb.select().from(tests).where(eq(tests.id, testId));
  if (!test) throw notFound();
  const [read, state] = await Promise.all([readAttempts(testId), resultsState(reportDb, testId, now)]);

  const givenOf = new Map<number, Given[]>();
  for (const attempt of read)
    for (const [, questionId, choiceId, earned, pointsTenths] of attempt.answers) {
      const given = givenOf.get(questionId) ?? [];
      given.push({ attempt, choiceId, earned: Number(earned), pointsTenths: Number(pointsTenths) });
      givenOf.set(questionId, given);
    }

  const items = await bankItems(test.subjectId, [...givenOf.keys()], language);
  const voided = new Set(items.filter((i) => i.voided).map((i) => i.questionId));
  const thirds = thirdsOf(read.map((a) => a.totalTenths));
  const referenceLanguage = referenceLanguageOf(read);
  // Mantel–Haenszel's matching score: the questions earned on the paper, the studied one included
  // (Holland & Thayer), a voided one left out (its points say nothing of the pupil).
  const stratumOf = new Map(read.map((a) => [a.attemptId, a.answers.filter(([, q, , earned]) => earned && !voided.has(q)).length]));

  for (const item of items) {
    const given = givenOf.get(item.questionId) ?? [];
    if (given.length === 0) continue;
    const pickedOf = new Map<number, number>();
    for (const g of given) if (g.choiceId !== null) pickedOf.set(g.choiceId, (pickedOf.get(g.choiceId) ?? 0) + 1);
    for (const c of item.choices) c.picked = pickedOf.get(c.choiceId) ?? 0;
    item.drawn = given.length;
    item.answered = given.filter((g) => g.choiceId !== null).length;
    item.correct = given.reduce((sum, g) => sum + g.earned, 0);
    item.facility = round3(item.correct / item.drawn);

    // Marks and totals in tenths; the analysis reads fractions of the mark, so the scale cancels.
    const responsesOf = (list: Given[]): ItemResponse[] =>
      list.map((g) => ({ mark: g.earned * g.pointsTenths, total: g.attempt.totalTenths, choiceId: g.choiceId }));
    const analyse = (list: Given[]) =>
      itemAnalysis(responsesOf(list), { maxMark: list[0].pointsTenths, choiceIds: item.choices.map((c) => c.choiceId), thirds });
    item.analysis = rounded(analyse(given));
    item.discrimination = item.analysis?.discrimination ?? null;

    const byLanguage = new Map<StudyLanguage, Given[]>();
    for (const g of given) {
      const list = byLanguage.get(g.attempt.language) ?? [];
      list.push(g);
      byLanguage.set(g.attempt.language, list);
    }
    const languages = [...byLanguage.keys()].sort((a, b) => a - b);
    item.languages = languages.map((language) => {
      const list = byLanguage.get(language) ?? [];
      return { language, drawn: list.length, facility: round3(list.reduce((sum, g) => sum + g.earned, 0) / list.length) };
    });
    item.versions = languages.flatMap((language) => {
      const analysis = analyse(byLanguage.get(language) ?? []);
      return analysis ? [{ language, analysis: rounded(analysis) }] : [];
    });

    const reference = referenceLanguage === null || item.voided ? undefined : byLanguage.get(referenceLanguage);
    if (reference && referenceLanguage !== null)
      item.dif = languages
        .filter((language) => language !== referenceLanguage)
        .map((language) => {
          const focal = byLanguage.get(language) ?? [];
          const answer = (g: Given, isFocal: boolean): DifAnswer => ({
            focal: isFocal,
            stratum: stratumOf.get(g.attempt.attemptId) ?? 0,
            correct: g.earned === 1,
          });
          const mh = mantelHaenszel([...reference.map((g) => answer(g, false)), ...focal.map((g) => answer(g, true))]);
          const enough = reference.length >= DIF_MIN_DRAWN && focal.length >= DIF_MIN_DRAWN;
          return rounded({ ...mh, etsClass: enough ? mh.etsClass : null, language, referenceLanguage });
        });
  }

  const { rasch, pupils } = raschOf(read, items, voided);
  for (const item of items) item.reasons = reasonsOf(item);
  for (const item of items) item.flags = [...new Set(item.reasons.map((r) => r.flag))];

  // Moodle's slots: the positions on the paper, each holding one difficulty's question and points.
  const slots = new Map<number, number[]>();
  for (const a of read)
    for (const [number, , , earned, pointsTenths] of a.answers) {
      const marks = slots.get(number) ?? [];
      marks.push((earned * pointsTenths) / 10);
      slots.set(number, marks);
    }
  const stats: TestItemStatistics = {
    testId,
    subjectId: test.subjectId,
    provisional: state.provisional,
    attempts: read.length,
    test: rounded(testAnalysis({ totals: read.map((a) => a.totalTenths / 10), slots: [...slots.values()] })),
    rasch,
    referenceLanguage,
    items,
  };
  return { stats, pupils };
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

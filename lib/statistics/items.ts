// Item statistics of a test: per question of the bank, how often it was drawn, its facility and
// discrimination, each choice's picks, in all and per language version, Moodle's item analysis
// (./moodle.ts), its Rasch difficulty (./rasch.ts) and Mantel–Haenszel DIF between its language
// versions (./dif.ts); for the test, Moodle's test statistics; and what may point to a wrong key or
// a wrong translation, each with its reason (./flags.ts), before the ranking. This module reads the
// database and feeds the pure ones; the workbook is ./workbook.ts.
import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { attempts, questionChoices, questions, tests, users } from "@/db/schema";
import { rankedAttempt, totalTenthsSql } from "@/lib/attempts/counting";
import { earnsPoints, pointsTenthsSql } from "@/lib/attempts/scoring-sql";
import { reportDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { resultsState } from "@/lib/results/state";
import { type Difficulty, firstText, type StudyLanguage, type VoidAwards } from "@/shared/attempts/enums";
import { type DifAnswer, mantelHaenszel } from "./dif";
import { DIF_MIN_DRAWN, type FlagReason, type ItemFlag, type LanguageDif, type LanguageFacility, reasonsOf } from "./flags";
import { type ItemAnalysis, type ItemResponse, itemAnalysis, type TestAnalysis, testAnalysis, thirdsOf } from "./moodle";
import { personMeasure, type RaschPaper, raschItems } from "./rasch";

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

export type RaschSummary = {
  /** Questions placed on the scale, and whether the estimation converged. */
  placed: number;
  converged: boolean;
  iterations: number;
  /** Pupils measured (those with a placed question on their paper), their measures' mean and SD. */
  measured: number;
  meanMeasure: number | null;
  sdMeasure: number | null;
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

/** A pupil's Rasch measure, for the workbook (the page shows their summary). */
export type PupilMeasure = {
  attemptId: number;
  username: string | null;
  language: StudyLanguage;
  totalTenths: number;
  /** Questions of the paper placed on the scale, and how many of them the pupil earned. */
  placed: number;
  raw: number;
  measure: number;
  standardError: number;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000 + 0; // + 0: no "-0"

/** Every number in a figure to 3 decimals (ids and counts are whole and stay as they are). */
function rounded<T>(value: T): T {
  if (typeof value === "number") return (Number.isFinite(value) ? round3(value) : value) as T;
  if (Array.isArray(value)) return value.map(rounded) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)])) as T;
  return value;
}

/** [number on the paper, question id, choice id or null, earned 0/1, the question's points in tenths] */
type Answer = [number, number, number | null, number, number];

/**
 * The test's ended attempts that count, each with its answers in paper order: what every figure is
 * computed from. One row per attempt, its answers aggregated in SQL (a test may have 30 000
 * attempts of 30 questions: 30 000 rows, not 900 000).
 */
async function readAttempts(testId: number) {
  // earnsPoints reads `questions` and `question_choices`, joined in the subquery by those names.
  const answers = sql<Answer[]>`(
    select coalesce(json_agg(json_build_array(aq.number, aq.question_id, aq.answer_choice_id, ${earnsPoints}, ${pointsTenthsSql(questions.difficulty)})
                             order by aq.number), '[]'::json)
    from attempt_questions aq
    join questions on questions.id = aq.question_id
    left join question_choices on question_choices.id = aq.answer_choice_id
    where aq.attempt_id = ${attempts.id})`;
  return reportDb
    .select({
      attemptId: attempts.id,
      username: users.username,
      language: attempts.language,
      totalTenths: sql<number>`${totalTenthsSql()}::int`,
      answers,
    })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(users, eq(users.id, attempts.userId))
    .where(and(eq(attempts.testId, testId), isNotNull(attempts.endedAt), rankedAttempt()))
    .orderBy(asc(attempts.id));
}

type ReadAttempt = Awaited<ReturnType<typeof readAttempts>>[number];

/** A drawn question's answer, with who gave it. */
type Given = { attempt: ReadAttempt; choiceId: number | null; earned: number; pointsTenths: number };

/** The study language with the most pupils (the lower code on a tie). */
function referenceLanguageOf(read: ReadAttempt[]): StudyLanguage | null {
  const counts = new Map<StudyLanguage, number>();
  for (const a of read) counts.set(a.language, (counts.get(a.language) ?? 0) + 1);
  let best: StudyLanguage | null = null;
  for (const [language, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0) || (count === counts.get(best) && language < best)) best = language;
  return best;
}

/**
 * The subject's questions that ended attempts drew or that are still in the bank, each with its
 * choices in the source's order and no figures yet.
 */
async function bankItems(subjectId: number, drawnIds: number[]): Promise<ItemStatistics[]> {
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
        text: firstText(question.texts),
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
    if (choice) item.choices.push({ choiceId: choice.id, text: firstText(choice.texts), isCorrect: choice.isCorrect, picked: 0 });
  }
  return items;
}

/**
 * The Rasch scale of the test: each question's difficulty set on `items`, and each pupil's measure
 * on the questions of their paper that were placed. A voided question is left out of every paper
 * (its points were given, not earned).
 */
function raschOf(
  read: ReadAttempt[],
  items: ItemStatistics[],
  voided: Set<number>,
): { rasch: RaschSummary | null; pupils: PupilMeasure[] } {
  if (read.length === 0) return { rasch: null, pupils: [] };
  const indexOf = new Map(items.map((item, index) => [item.questionId, index]));
  const papers: RaschPaper[] = read.map((a) => {
    const scored = a.answers.filter(([, questionId]) => !voided.has(questionId) && indexOf.has(questionId));
    return { items: scored.map(([, questionId]) => indexOf.get(questionId) ?? 0), correct: scored.map(([, , , earned]) => earned === 1) };
  });
  const fit = raschItems(papers, items.length);
  items.forEach((item, index) => {
    const difficulty = fit.difficulties[index];
    item.raschDifficulty = difficulty === null ? null : round3(difficulty);
  });
  const pupils: PupilMeasure[] = [];
  read.forEach((a, k) => {
    const placed = papers[k].items.flatMap((index, j) => {
      const difficulty = fit.difficulties[index];
      return difficulty === null ? [] : [{ difficulty, correct: papers[k].correct[j] }];
    });
    const raw = placed.filter((p) => p.correct).length;
    const measured = personMeasure(
      placed.map((p) => p.difficulty),
      raw,
    );
    if (measured)
      pupils.push({
        attemptId: a.attemptId,
        username: a.username,
        language: a.language,
        totalTenths: a.totalTenths,
        placed: placed.length,
        raw,
        ...rounded(measured),
      });
  });
  const measures = pupils.map((p) => p.measure);
  const mean = measures.length > 0 ? measures.reduce((s, m) => s + m, 0) / measures.length : null;
  const sd =
    mean === null || measures.length < 2 ? null : Math.sqrt(measures.reduce((s, m) => s + (m - mean) ** 2, 0) / (measures.length - 1));
  return {
    rasch: {
      placed: fit.difficulties.filter((d) => d !== null).length,
      converged: fit.converged,
      iterations: fit.iterations,
      measured: measures.length,
      meanMeasure: mean === null ? null : round3(mean),
      sdMeasure: sd === null ? null : round3(sd),
    },
    pupils,
  };
}

/**
 * Every question of the test's subject that ended attempts drew or that is still in the bank, with
 * its figures over the test's ended attempts (a reset attempt is kept for the record only), the
 * test's figures, and each pupil's Rasch measure (for the workbook).
 */
export async function analyseTest({ testId, now = new Date() }: { testId: number; now?: Date }) {
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

  const items = await bankItems(test.subjectId, [...givenOf.keys()]);
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
export async function itemStatistics({ testId, now = new Date() }: { testId: number; now?: Date }): Promise<TestItemStatistics> {
  return (await analyseTest({ testId, now })).stats;
}

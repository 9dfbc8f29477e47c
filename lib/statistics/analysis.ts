// The item statistics of a test computed from what was read of it (./items.ts reads the database):
// per question its figures, Moodle's item analysis (./moodle.ts), its Rasch difficulty
// (./rasch-scale.ts) and Mantel–Haenszel DIF between its language versions (./dif.ts), with what
// may point to a wrong key or translation (./flags.ts); for the test, Moodle's test statistics.
// Pure: it runs in the statistics' child process (./statistics-process.ts), off the web process.
import "server-only";
import { createHash } from "node:crypto";
import type { Difficulty, StudyLanguage, VoidAwards } from "@/shared/attempts/enums";
import { type DifAnswer, mantelHaenszel } from "./dif";
import { DIF_MIN_DRAWN, type FlagReason, type ItemFlag, type LanguageDif, type LanguageFacility, reasonsOf } from "./flags";
import type { ReadAttempt } from "./item-attempts";
import { type ItemAnalysis, type ItemResponse, itemAnalysis, type TestAnalysis, testAnalysis, thirdsOf } from "./moodle";
import { type PupilMeasure, type RaschSummary, raschOf } from "./rasch-scale";
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

/** A drawn question's answer, with who gave it. */
export type Given = { attempt: ReadAttempt; choiceId: number | null; earned: number; pointsTenths: number };

/**
 * What the figures are computed from: the test, whether it is provisional, its ranked attempts (as
 * ./item-attempts.ts readAttemptsJson reads them: a JSON array of ReadAttempt) and its bank's
 * questions (no figures yet).
 */
export type AnalysisInput = {
  test: { id: number; subjectId: number };
  provisional: boolean;
  attemptsJson: string;
  items: ItemStatistics[];
};

export type Analysis = { stats: TestItemStatistics; pupils: PupilMeasure[] };

/** The digest of what the figures are computed from: the attempts' JSON as read, and the rest (small) as JSON. */
export const inputDigest = ({ attemptsJson, ...rest }: AnalysisInput): string =>
  createHash("sha256").update(attemptsJson).update("\u0000").update(JSON.stringify(rest)).digest("base64url");

/** The study language with the most pupils (the lower code on a tie). */
export function referenceLanguageOf(read: readonly ReadAttempt[]): StudyLanguage | null {
  const counts = new Map<StudyLanguage, number>();
  for (const a of read) counts.set(a.language, (counts.get(a.language) ?? 0) + 1);
  let best: StudyLanguage | null = null;
  for (const [language, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0) || (count === counts.get(best) && language < best)) best = language;
  return best;
}

/** Every figure of `input.items` (filled in place) and of the test, and each pupil's Rasch measure (for the workbook). */
export function analyseItems({ test, provisional, attemptsJson, items }: AnalysisInput): Analysis {
  const testId = test.id;
  const read = JSON.parse(attemptsJson) as ReadAttempt[];
  const givenOf = new Map<number, Given[]>();
  for (const attempt of read)
    for (const [, questionId, choiceId, earned, pointsTenths] of attempt.answers) {
      const given = givenOf.get(questionId) ?? [];
      given.push({ attempt, choiceId, earned: Number(earned), pointsTenths: Number(pointsTenths) });
      givenOf.set(questionId, given);
    }

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
    provisional,
    attempts: read.length,
    test: rounded(testAnalysis({ totals: read.map((a) => a.totalTenths / 10), slots: [...slots.values()] })),
    rasch,
    referenceLanguage,
    items,
  };
  return { stats, pupils };
}

// The Rasch scale of a test's attempts: each question's difficulty (CML, ./rasch.ts) and each
// pupil's measure on the placed questions of their paper, with the scale's summary for the page.
import "server-only";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { ReadAttempt } from "./item-attempts";
import { personMeasure, type RaschPaper, raschItems } from "./rasch";
import { round3, rounded } from "./rounding";

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

/** What the scale reads and sets of a question's figures (lib/statistics/analysis.ts ItemStatistics). */
type ScaledItem = { questionId: number; raschDifficulty: number | null };

/**
 * The Rasch scale of the test: each question's difficulty set on `items`, and each pupil's measure
 * on the questions of their paper that were placed. A voided question is left out of every paper
 * (its points were given, not earned).
 */
export function raschOf(
  read: ReadAttempt[],
  items: ScaledItem[],
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

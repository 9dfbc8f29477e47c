// Classical item analysis as Moodle's quiz reports define it: each question's figures (facility,
// discrimination index and coefficient, discriminative efficiency, each choice's picks by thirds)
// and the test's (mean, median, spread, skewness, kurtosis, internal consistency, error ratio and
// standard error). Pure, on plain arrays (./analysis.ts feeds it). Which Moodle report each figure
// follows, and where its formula is: docs/statistics.md.
import "server-only";

/**
 * One pupil's answer to a question: its mark (0 or maxMark: a question earns all its points or
 * none), the pupil's whole total, the choice picked (null: none).
 */
export type ItemResponse = { mark: number; total: number; choiceId: number | null };

/**
 * The totals that make the top and the bottom group, as Moodle 1.x's item analysis cuts them: the
 * range of the totals in thirds, the top group scoring at least max − (max − min)/3 and the bottom
 * group at most min + (max − min)/3 (report.php, get_questions_atttempts_data).
 */
export type Thirds = { top: number; bottom: number };

export function thirdsOf(totals: readonly number[]): Thirds | null {
  if (totals.length === 0) return null;
  let max = totals[0];
  let min = totals[0];
  for (const total of totals) {
    if (total > max) max = total;
    if (total < min) min = total;
  }
  const gap = (max - min) / 3;
  return { top: max - gap, bottom: min + gap };
}

export type ChoiceShares = {
  choiceId: number;
  /** How many of the n picked it. */
  picked: number;
  /** Of the top group's pupils who drew the question, the share that picked it; null when none drew it. */
  top: number | null;
  bottom: number | null;
};

export type ItemAnalysis = {
  /** Pupils who drew the question. */
  n: number;
  /** Mean mark / maximum mark (Moodle: facility index). */
  facility: number;
  /** Of the mark as a fraction of its maximum, over n − 1 (Moodle 2: sd); null below 2 pupils. */
  sd: number | null;
  /** 1 / the number of choices: a single-answer multiple choice's random guess score (Moodle's qtype_multichoice). */
  randomGuess: number | null;
  /**
   * Moodle 2's discrimination index as a fraction: the correlation of the mark with the rest of the
   * test (the total less this mark), the corrected point-biserial. Null when either has no spread.
   */
  discrimination: number | null;
  /**
   * Moodle 1.x's discrimination index: (Σ top group's fractional marks − Σ bottom group's) divided
   * by the larger group's size (at least 1). Null when no pupil who drew it is in either group
   * (where Moodle would print 0, which reads as "does not discriminate").
   */
  discriminationIndex: number | null;
  /**
   * Moodle 2's discriminative efficiency as a fraction: the covariance of the mark with the rest of
   * the test over the largest it could be for these marks and totals, which pairs both sorted
   * (calculator.php: covariance / covariancemax). Null when that largest covariance is 0.
   */
  discriminativeEfficiency: number | null;
  /** How many who drew it are in the top and in the bottom group. */
  top: number;
  bottom: number;
  /** Each choice, in the order given. */
  choices: ChoiceShares[];
};

/**
 * Pearson's r between x (0/1) and y from their sums: with x the item's score and y the rest of
 * the total, the corrected point-biserial (the item's own points left out, so a lone item does not
 * correlate with itself). It is Moodle 2's discrimination index, over 100.
 */
export function pointBiserial({ n, sx, sy, sxy, syy }: { n: number; sx: number; sy: number; sxy: number; syy: number }): number | null {
  if (n < 2) return null;
  // x is 0/1, so Σx² = Σx.
  const varianceX = n * sx - sx * sx;
  const varianceY = n * syy - sy * sy;
  if (varianceX <= 0 || varianceY <= 0) return null;
  return (n * sxy - sx * sy) / Math.sqrt(varianceX * varianceY);
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

/** Σ (x − x̄)(y − ȳ) over paired values. */
function sumOfProducts(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i] - mx) * (ys[i] - my);
  return sum;
}

/**
 * A question's figures over the pupils who drew it. `choiceIds` are the question's choices (their
 * count is the random guess's denominator); `thirds` the test's cuts (thirdsOf over every pupil's
 * total, so the groups are the same pupils for every question).
 */
export function itemAnalysis(
  responses: readonly ItemResponse[],
  { maxMark, choiceIds, thirds }: { maxMark: number; choiceIds: readonly number[]; thirds: Thirds | null },
): ItemAnalysis | null {
  const n = responses.length;
  if (n === 0) return null;
  const fractions = responses.map((r) => r.mark / maxMark);
  const rests = responses.map((r) => r.total - r.mark);
  const facility = mean(fractions);

  // Moodle 2 (calculator.php, secondary_steps_walker / secondary_question_walker): the mark's and
  // the rest's sums of squares and products, each over s − 1, and the largest covariance from the
  // marks and the rests each sorted ascending and paired in that order.
  const markSquares = sumOfProducts(fractions, fractions);
  const covariance = sumOfProducts(fractions, rests);
  const sortedMarks = Float64Array.from(fractions).sort();
  const sortedRests = Float64Array.from(rests).sort();
  const covarianceMax = sumOfProducts(sortedMarks, sortedRests);
  // Sums of squares below this are rounding, not spread (marks are tenths of a point).
  const spread = (value: number) => value > 1e-9;

  // The groups' sizes, their marks and each choice's picks, in one pass.
  let top = 0;
  let bottom = 0;
  let topSum = 0;
  let bottomSum = 0;
  const counts = new Map(choiceIds.map((id) => [id, { picked: 0, top: 0, bottom: 0 }]));
  responses.forEach((r, i) => {
    const count = r.choiceId === null ? undefined : counts.get(r.choiceId);
    if (count) count.picked++;
    if (thirds !== null && r.total >= thirds.top) {
      top++;
      topSum += fractions[i];
      if (count) count.top++;
    }
    if (thirds !== null && r.total <= thirds.bottom) {
      bottom++;
      bottomSum += fractions[i];
      if (count) count.bottom++;
    }
  });
  const share = (picks: number, size: number) => (size === 0 ? null : picks / size);

  return {
    n,
    facility,
    sd: n < 2 ? null : Math.sqrt(markSquares / (n - 1)),
    randomGuess: choiceIds.length === 0 ? null : 1 / choiceIds.length,
    discrimination: pointBiserial({
      n,
      sx: fractions.reduce((sum, f) => sum + f, 0),
      sy: rests.reduce((sum, r) => sum + r, 0),
      sxy: fractions.reduce((sum, f, i) => sum + f * rests[i], 0),
      syy: rests.reduce((sum, r) => sum + r * r, 0),
    }),
    // Moodle 1.x (report_question_stats): disc_index = (top_scores − bottom_scores) / max(top_count, bottom_count, 1).
    discriminationIndex: top + bottom === 0 ? null : (topSum - bottomSum) / Math.max(top, bottom, 1),
    discriminativeEfficiency: spread(covarianceMax) ? covariance / covarianceMax : null,
    top,
    bottom,
    choices: choiceIds.map((choiceId) => {
      const count = counts.get(choiceId) ?? { picked: 0, top: 0, bottom: 0 };
      return { choiceId, picked: count.picked, top: share(count.top, top), bottom: share(count.bottom, bottom) };
    }),
  };
}

/** Moodle's reading of the coefficient of internal consistency: above 75 % satisfactory, below 64 % unsatisfactory. */
export const CIC_SATISFACTORY = 0.75;
export const CIC_UNSATISFACTORY = 0.64;

export type TestAnalysis = {
  attempts: number;
  /** Positions on the paper (Moodle's slots): the P of the coefficient. */
  slots: number;
  mean: number;
  median: number;
  /** Over n − 1; null below 2 attempts, as the figures below it. */
  sd: number | null;
  /** From the k-statistics (Moodle's calculator.php); null below 3 attempts or without spread. */
  skewness: number | null;
  /** Excess kurtosis (0 for a normal distribution), from the k-statistics; null below 4 attempts. */
  kurtosis: number | null;
  /** Coefficient of internal consistency (KR-20, Cronbach's α on the marks), as a fraction. */
  cic: number | null;
  /** √(1 − CIC), as a fraction: the share of the spread that is measurement error. */
  errorRatio: number | null;
  /** errorRatio × sd, in the totals' unit. */
  standardError: number | null;
  /** Against CIC_SATISFACTORY and CIC_UNSATISFACTORY; null without a coefficient. */
  verdict: "satisfactory" | "between" | "unsatisfactory" | null;
};

/**
 * The test's figures as Moodle's quiz statistics calculator computes them, from each attempt's
 * total and each slot's marks (slots[p][s]: the mark at position p of attempt s's paper).
 *
 * The coefficient of internal consistency is Moodle's CIC = P / (P − 1) · (1 − Σ_p V(x_p) / k2),
 * V(x_p) the sample variance of the marks at position p and k2 that of the totals. Our papers are
 * drawn at random, each pupil a different subset of the bank: like Moodle with random questions,
 * the "items" are the paper's positions, whatever question each pupil drew there (our draw numbers
 * a paper easy, then medium, then hard, so a position always holds a question of one difficulty
 * and one mark). A position's variance then includes how much the questions drawn there differ in
 * difficulty, which is error for a ranking of pupils who sat different papers: the coefficient is
 * the reliability of the ranking as it was drawn, not of one fixed paper, which would read higher.
 */
export function testAnalysis({ totals, slots }: { totals: readonly number[]; slots: readonly (readonly number[])[] }): TestAnalysis | null {
  const s = totals.length;
  if (s === 0) return null;
  const average = mean(totals);
  const sorted = [...totals].sort((a, b) => a - b);
  const median = s % 2 === 1 ? sorted[(s - 1) / 2] : (sorted[s / 2 - 1] + sorted[s / 2]) / 2;
  let power2 = 0;
  let power3 = 0;
  let power4 = 0;
  for (const total of totals) {
    const d = total - average;
    power2 += d * d;
    power3 += d * d * d;
    power4 += d * d * d * d;
  }
  const none = { sd: null, skewness: null, kurtosis: null, cic: null, errorRatio: null, standardError: null, verdict: null };
  const base = { attempts: s, slots: slots.length, mean: average, median };
  if (s < 2) return { ...base, ...none };
  const sd = Math.sqrt(power2 / (s - 1));
  if (s < 3 || power2 <= 1e-9) return { ...base, ...none, sd };

  // calculator.php: m2, m3, m4 the moments about the mean; k2, k3, k4 the unbiased cumulants.
  const m2 = power2 / s;
  const m3 = power3 / s;
  const m4 = power4 / s;
  const k2 = (s * m2) / (s - 1);
  const k3 = (s * s * m3) / ((s - 1) * (s - 2));
  const skewness = k3 / k2 ** 1.5;
  const kurtosis = s > 3 ? (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3)) / (k2 * k2) : null;

  const P = slots.length;
  if (P < 2) return { ...base, ...none, sd, skewness, kurtosis };
  const slotVariance = (marks: readonly number[]) => (marks.length < 2 ? 0 : sumOfProducts(marks, marks) / (marks.length - 1));
  const sumOfMarkVariance = slots.reduce((sum, marks) => sum + slotVariance(marks), 0);
  const cic = (P / (P - 1)) * (1 - sumOfMarkVariance / k2);
  // calculator.php: errorratio = √(1 − CIC) (over 100 there); past 1 (possible with P/(P − 1)) it has none.
  const errorRatio = cic <= 1 ? Math.sqrt(1 - cic) : null;
  return {
    ...base,
    sd,
    skewness,
    kurtosis,
    cic,
    errorRatio,
    standardError: errorRatio === null ? null : errorRatio * sd,
    verdict: cic > CIC_SATISFACTORY ? "satisfactory" : cic < CIC_UNSATISFACTORY ? "unsatisfactory" : "between",
  };
}

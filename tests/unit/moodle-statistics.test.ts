// Moodle's item analysis and test statistics (lib/statistics/moodle.ts) on examples worked by hand:
// the five pupils of item-statistics.test.ts (three questions of 1, 1.5 and 2.5 points) and a
// six-pupil test of four one-point questions.
import { describe, expect, it } from "vitest";
import { type ItemResponse, itemAnalysis, testAnalysis, thirdsOf } from "@/lib/statistics/moodle";

// Totals in tenths: P1 40, P2 40, P3 35, P4 10, P5 10. Choices 1 (the key), 2, 3, 4.
//        easy (10)  medium (15)  hard (25)
// P1     2          key          key
// P2     3          key          key
// P3     key        2            key
// P4     key        2            2
// P5     key        2            —
const TOTALS = [40, 40, 35, 10, 10];
const CHOICES = [1, 2, 3, 4];
const responses = (points: number, picks: (number | null)[]): ItemResponse[] =>
  picks.map((choiceId, i) => ({ mark: choiceId === 1 ? points : 0, total: TOTALS[i], choiceId }));
const easy = responses(10, [2, 3, 1, 1, 1]);
const medium = responses(15, [1, 1, 2, 2, 2]);
const hard = responses(25, [1, 1, 1, 2, null]);

describe("the top and bottom thirds (Moodle 1.x's item analysis)", () => {
  it("cut the range of totals in thirds: max 40, min 10, so the top scores ≥ 30 and the bottom ≤ 20", () => {
    expect(thirdsOf(TOTALS)).toEqual({ top: 30, bottom: 20 });
    expect(thirdsOf([])).toBeNull();
    // One total for all: everyone is in both groups, and no question discriminates.
    expect(thirdsOf([7, 7])).toEqual({ top: 7, bottom: 7 });
  });
});

describe("a question's figures", () => {
  const thirds = thirdsOf(TOTALS);
  const analyse = (list: ItemResponse[], maxMark: number) => itemAnalysis(list, { maxMark, choiceIds: CHOICES, thirds });

  it("easy: the key picked by the weak, missed by the strong", () => {
    // Fractions x = 0 0 1 1 1, rests (total − mark) = 40 40 25 0 0.
    // facility 3/5; sd = √(Σ(x − .6)² / 4) = √(1.2 / 4) = .5477;
    // DI = (top's Σx − bottom's Σx) / max(3, 2) = (1 − 2)/3 = −.333;
    // cov Σ(x − .6)(rest − 21) = −38, the largest with both sorted (0 0 1 1 1 against 0 0 25 40 40) 42: DE = −38/42 = −.905;
    // r = −.862 (item-statistics.test.ts); the top picked 2, 3 and the key once each, the bottom the key.
    const a = analyse(easy, 10);
    expect(a).toMatchObject({ n: 5, top: 3, bottom: 2, randomGuess: 0.25 });
    expect(a?.facility).toBeCloseTo(0.6, 10);
    expect(a?.sd).toBeCloseTo(Math.sqrt(0.3), 10);
    expect(a?.discriminationIndex).toBeCloseTo(-1 / 3, 10);
    expect(a?.discriminativeEfficiency).toBeCloseTo(-38 / 42, 10);
    expect(a?.discrimination).toBeCloseTo(-0.862, 3);
    expect(a?.choices).toEqual([
      { choiceId: 1, picked: 3, top: 1 / 3, bottom: 1 },
      { choiceId: 2, picked: 1, top: 1 / 3, bottom: 0 },
      { choiceId: 3, picked: 1, top: 1 / 3, bottom: 0 },
      { choiceId: 4, picked: 0, top: 0, bottom: 0 },
    ]);
  });

  it("medium: the strong earn it, a distractor draws the rest", () => {
    // x = 1 1 0 0 0, rests 25 25 35 10 10 (mean 21). DI = (2 − 0)/3 = .667;
    // cov = .6·4·2 − .4·14 + .4·11·2 = 8; sorted (0 0 0 1 1 against 10 10 25 25 35): 18; DE = 8/18 = .444.
    const a = analyse(medium, 15);
    expect(a?.facility).toBeCloseTo(0.4, 10);
    expect(a?.discriminationIndex).toBeCloseTo(2 / 3, 10);
    expect(a?.discriminativeEfficiency).toBeCloseTo(8 / 18, 10);
    expect(a?.discrimination).toBeCloseTo(0.337, 3);
    expect(a?.choices.slice(0, 2)).toEqual([
      { choiceId: 1, picked: 2, top: 2 / 3, bottom: 0 },
      { choiceId: 2, picked: 3, top: 1 / 3, bottom: 1 },
    ]);
  });

  it("hard: as discriminating as these marks allow (DE 1); an unanswered question is a share of no choice", () => {
    // x = 1 1 1 0 0, rests 15 15 10 10 10: cov = 4 and, sorted alike, 4. DI = (3 − 0)/3 = 1.
    const a = analyse(hard, 25);
    expect(a?.discriminationIndex).toBeCloseTo(1, 10);
    expect(a?.discriminativeEfficiency).toBeCloseTo(1, 10);
    expect(a?.discrimination).toBeCloseTo(0.667, 3);
    expect(a?.choices.slice(0, 2)).toEqual([
      { choiceId: 1, picked: 3, top: 1, bottom: 0 },
      { choiceId: 2, picked: 1, top: 0, bottom: 0.5 },
    ]);
  });

  it("everyone earning it has no spread: sd 0, no r, no DE; nobody drew it: no figures", () => {
    const all = analyse(responses(10, [1, 1, 1, 1, 1]), 10);
    expect(all).toMatchObject({ facility: 1, sd: 0, discrimination: null, discriminativeEfficiency: null });
    // Moodle 1.x divides by the larger group: with 3 on top and 2 below, (3 − 2)/3 even here.
    expect(all?.discriminationIndex).toBeCloseTo(1 / 3, 10);
    expect(analyse([], 10)).toBeNull();
    expect(itemAnalysis(easy.slice(0, 1), { maxMark: 10, choiceIds: [], thirds })).toMatchObject({
      n: 1,
      sd: null,
      randomGuess: null,
      discrimination: null,
    });
  });
});

describe("the test's figures (Moodle's quiz statistics calculator)", () => {
  it("on the five pupils: mean, median, sd, skewness and kurtosis from the k-statistics, a negative CIC", () => {
    // Totals in points 4, 4, 3.5, 1, 1: mean 2.7, median 3.5; Σd² = 9.8, Σd³ = −4.92, Σd⁴ = 22.826.
    // sd = √(9.8/4) = 1.5652; k2 = 2.45, k3 = 25·(−.984)/12 = −2.05, skewness = k3/k2^1.5 = −.5346;
    // k4 = 25·(6·4.5652 − 12·1.96²)/24 = −19.4875, kurtosis = k4/k2² = −3.2466.
    // Slots' variances: .3 (0 0 1 1 1), .675 (1.5 1.5 0 0 0), 1.875 (2.5 2.5 2.5 0 0): Σ 2.85.
    // CIC = 3/2 · (1 − 2.85/2.45) = −.2449; error ratio √1.2449 = 1.1157; standard error 1.1157 · 1.5652 = 1.7464.
    const t = testAnalysis({
      totals: [4, 4, 3.5, 1, 1],
      slots: [
        [0, 0, 1, 1, 1],
        [1.5, 1.5, 0, 0, 0],
        [2.5, 2.5, 2.5, 0, 0],
      ],
    });
    expect(t).toMatchObject({ attempts: 5, slots: 3, median: 3.5, verdict: "unsatisfactory" });
    expect(t?.mean).toBeCloseTo(2.7, 10);
    expect(t?.sd).toBeCloseTo(1.565248, 6);
    expect(t?.skewness).toBeCloseTo(-0.53457, 6);
    expect(t?.kurtosis).toBeCloseTo(-3.246564, 6);
    expect(t?.cic).toBeCloseTo(-0.244898, 6);
    expect(t?.errorRatio).toBeCloseTo(1.11575, 6);
    expect(t?.standardError).toBeCloseTo(1.746425, 6);
  });

  it("on six pupils and four one-point questions answered in order: CIC 75.6 %, satisfactory", () => {
    // Pupils 1111, 1110, 1100, 1100, 1000, 0000: totals 4 3 2 2 1 0 (mean 2, Σd² = 10, k2 = 2, symmetric: skewness 0).
    // Questions' variances 1/6, 4/15, 4/15, 1/6: Σ 13/15. CIC = 4/3 · (1 − 13/30) = .75556;
    // error ratio √.24444 = .49441; standard error .49441 · √2 = .69921.
    // m2 = 10/6, m4 = 34/6: k4 = 36·(7·34/6 − 15·(10/6)²)/60 = −1.2, kurtosis −1.2/4 = −.3.
    const rows = ["1111", "1110", "1100", "1100", "1000", "0000"].map((row) => [...row].map(Number));
    const t = testAnalysis({
      totals: rows.map((row) => row.reduce((s, x) => s + x, 0)),
      slots: [0, 1, 2, 3].map((q) => rows.map((row) => row[q])),
    });
    expect(t).toMatchObject({ mean: 2, median: 2, verdict: "satisfactory" });
    expect(t?.skewness).toBeCloseTo(0, 10);
    expect(t?.kurtosis).toBeCloseTo(-0.3, 10);
    expect(t?.cic).toBeCloseTo(34 / 45, 10);
    expect(t?.errorRatio).toBeCloseTo(Math.sqrt(11 / 45), 10);
    expect(t?.standardError).toBeCloseTo(Math.sqrt(11 / 45) * Math.sqrt(2), 10);
  });

  it("says less with fewer attempts: one has no spread, two no skewness, three no kurtosis", () => {
    expect(testAnalysis({ totals: [], slots: [] })).toBeNull();
    expect(testAnalysis({ totals: [5], slots: [[5]] })).toMatchObject({ mean: 5, median: 5, sd: null, cic: null });
    expect(testAnalysis({ totals: [2, 4], slots: [[2, 4]] })).toMatchObject({ median: 3, skewness: null });
    const three = testAnalysis({
      totals: [1, 2, 4],
      slots: [
        [0, 1, 1],
        [1, 1, 3],
      ],
    });
    expect(three?.skewness).not.toBeNull();
    expect(three?.kurtosis).toBeNull();
  });
});

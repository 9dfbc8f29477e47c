// The Rasch model (lib/statistics/rasch.ts): item difficulties by conditional maximum likelihood
// against eRm's own fit of its example data, the same likelihood on papers drawn from a bank
// (missing by design) checked by enumerating every answer pattern, which items cannot be placed,
// and the pupils' weighted likelihood estimates against their closed form.
import { describe, expect, it } from "vitest";
import { personMeasure, type RaschPaper, raschItems } from "@/lib/statistics/rasch";
import { RASCHDAT1, RASCHDAT1_ERM_DIFFICULTIES } from "../fixtures/raschdat1";

const paperOf = (row: string): RaschPaper => ({ items: [...row].map((_, i) => i), correct: [...row].map((c) => c === "1") });

/** A reproducible stream of numbers in [0, 1) (a linear congruential generator). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("item difficulties by conditional maximum likelihood", () => {
  it("agree with eRm's RM() on raschdat1 within 0.05 logits (eRm's sum-zero normalisation)", () => {
    const fit = raschItems(RASCHDAT1.map(paperOf), 30);
    expect(fit.converged).toBe(true);
    const difficulties = fit.difficulties.map((d) => d as number);
    expect(difficulties.reduce((sum, d) => sum + d, 0)).toBeCloseTo(0, 9);
    const gaps = difficulties.map((d, i) => Math.abs(d - RASCHDAT1_ERM_DIFFICULTIES[i]));
    expect(Math.max(...gaps)).toBeLessThan(0.05);
    // Both are the same maximum: they differ only by the two programs' stopping rules.
    expect(Math.max(...gaps)).toBeLessThan(0.001);
  });

  it("on papers drawn from a bank, solve the conditional likelihood's equations: each item's expected count given every pupil's score on their own paper is what they earned", () => {
    // A bank of 8 items; each pupil draws 5 of them at random and answers by the model.
    const next = numbers(7);
    const bank = [-1.5, -1, -0.5, 0, 0.3, 0.8, 1.2, 1.6];
    const papers: RaschPaper[] = [];
    for (let pupil = 0; pupil < 300; pupil++) {
      const ability = (next() - 0.5) * 3;
      const order = bank.map((_, i) => i);
      for (let k = order.length - 1; k > 0; k--) {
        const j = Math.floor(next() * (k + 1));
        [order[k], order[j]] = [order[j], order[k]];
      }
      const items = order.slice(0, 5);
      papers.push({ items, correct: items.map((i) => next() < 1 / (1 + Math.exp(bank[i] - ability))) });
    }
    const fit = raschItems(papers, bank.length);
    expect(fit.converged).toBe(true);
    const beta = fit.difficulties.map((d) => d as number);

    // P(item i right | score r on paper I), by summing over all 2^|I| patterns of the paper: the
    // likelihood written out, not the symmetric functions the estimator uses.
    const expected = new Array<number>(bank.length).fill(0);
    const earned = new Array<number>(bank.length).fill(0);
    for (const { items, correct } of papers) {
      const raw = correct.filter(Boolean).length;
      if (raw === 0 || raw === items.length) continue; // no information, as in the estimator
      let total = 0;
      const right = new Array<number>(items.length).fill(0);
      for (let pattern = 0; pattern < 2 ** items.length; pattern++) {
        const bits = items.map((_, k) => (pattern >> k) & 1);
        if (bits.reduce((s, b) => s + b, 0) !== raw) continue;
        const weight = Math.exp(-items.reduce((s, item, k) => s + bits[k] * beta[item], 0));
        total += weight;
        bits.forEach((b, k) => {
          if (b) right[k] += weight;
        });
      }
      items.forEach((item, k) => {
        expected[item] += right[k] / total;
        if (correct[k]) earned[item]++;
      });
    }
    for (let i = 0; i < bank.length; i++) expect(expected[i], `item ${i}`).toBeCloseTo(earned[i], 4);
    // And the draw's missing answers do not pull the difficulties apart from the bank's.
    const centre = bank.reduce((s, b) => s + b, 0) / bank.length;
    for (let i = 0; i < bank.length; i++) expect(Math.abs(beta[i] - (bank[i] - centre))).toBeLessThan(0.5);
  });

  it("on two questions sharing every paper, their difference is the log of the odds of which one a pupil with one right earned", () => {
    // Given one right of two, P(the first) = ε0 / (ε0 + ε1): earned 3 times to 1, β1 − β0 = ln 3.
    // Both questions on every paper: their own steps overshoot together, which the estimator cuts.
    const one = (first: boolean): RaschPaper => ({ items: [0, 1], correct: [first, !first] });
    const fit = raschItems([one(true), one(true), one(true), one(false)], 2);
    expect(fit.converged).toBe(true);
    expect(fit.difficulties[0]).toBeCloseTo(-Math.log(3) / 2, 8);
    expect(fit.difficulties[1]).toBeCloseTo(Math.log(3) / 2, 8);
  });

  it("leave out what the answers cannot place: an item never drawn, always earned or never earned", () => {
    const papers: RaschPaper[] = [
      // Item 0: every pupil who drew it earned it; item 3: nobody did; item 4: nobody drew it.
      { items: [0, 1, 2, 3], correct: [true, true, false, false] },
      { items: [0, 1, 2, 3], correct: [true, false, true, false] },
      { items: [0, 1, 2], correct: [true, true, false] },
      { items: [1, 2, 3], correct: [false, true, false] },
      { items: [1, 2], correct: [true, false] },
    ];
    const fit = raschItems(papers, 5);
    expect(fit.difficulties[0]).toBeNull();
    expect(fit.difficulties[3]).toBeNull();
    expect(fit.difficulties[4]).toBeNull();
    expect(fit.difficulties[1]).not.toBeNull();
    expect((fit.difficulties[1] as number) + (fit.difficulties[2] as number)).toBeCloseTo(0, 9);
  });

  it("have nothing to estimate without answers", () => {
    expect(raschItems([], 3)).toEqual({ difficulties: [null, null, null], converged: true, iterations: 0 });
  });
});

describe("a pupil's measure", () => {
  // On L questions of one difficulty b, Warm's equation r − L·P + (1 − 2P)/2 = 0 gives
  // P = (r + ½)/(L + 1), so θ = b + ln((r + ½)/(L − r + ½)) and SE = 1/√(L·P(1 − P)).
  const cases = [0, 1, 2, 3].map((raw) => ({ raw, theta: 0.4 + Math.log((raw + 0.5) / (3 - raw + 0.5)) }));
  for (const { raw, theta } of cases)
    it(`on three questions of difficulty 0.4, raw ${raw}: θ = ${theta.toFixed(4)}, finite on 0 and full marks`, () => {
      const measured = personMeasure([0.4, 0.4, 0.4], raw);
      const p = (raw + 0.5) / 4;
      expect(measured?.measure).toBeCloseTo(theta, 6);
      expect(measured?.standardError).toBeCloseTo(1 / Math.sqrt(3 * p * (1 - p)), 6);
    });

  it("rises with the raw score and is none without a placed question", () => {
    const difficulties = [-1, 0, 0.5, 2];
    const measures = [0, 1, 2, 3, 4].map((raw) => personMeasure(difficulties, raw)?.measure as number);
    for (let r = 1; r < measures.length; r++) expect(measures[r]).toBeGreaterThan(measures[r - 1]);
    expect(personMeasure([], 0)).toBeNull();
  });
});

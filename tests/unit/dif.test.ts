// Mantel–Haenszel DIF and the ETS classes (lib/statistics/dif.ts) on stratified tables worked by
// hand: a large difference that is significant (C), the same odds ratio on fewer pupils (A, then
// B), and the classes' boundaries.
import { describe, expect, it } from "vitest";
import { type DifAnswer, etsClass, mantelHaenszel } from "@/lib/statistics/dif";

/** Pupils of one stratum: reference right / wrong, focal right / wrong. */
function stratum(stratum: number, [a, b, c, d]: [number, number, number, number]): DifAnswer[] {
  const many = (count: number, focal: boolean, correct: boolean) => Array.from({ length: count }, () => ({ focal, stratum, correct }));
  return [...many(a, false, true), ...many(b, false, false), ...many(c, true, true), ...many(d, true, false)];
}

describe("Mantel–Haenszel D-DIF", () => {
  it("a question much harder for the focal group than for reference pupils of the same score: C", () => {
    // Stratum 1: A = 40, B = 10, C = 20, D = 30 (N = 100); stratum 2: A = 45, B = 5, C = 30, D = 20.
    // R = 40·30/100 + 45·20/100 = 12 + 9 = 21; S = 10·20/100 + 5·30/100 = 2 + 1.5 = 3.5; α = 6;
    // D = −2.35 ln 6 = −4.2106 (harder for the focal group).
    // χ²: E(A) = 50·60/100 + 50·75/100 = 67.5 against ΣA = 85; Var = 50·50·60·40/(100²·99)
    //   + 50·50·75·25/(100²·99) = 6.0606 + 4.7348 = 10.7955; χ² = (17.5 − .5)²/10.7955 = 26.7705.
    // RBG: P = .7, .65; Q = .3, .35; ΣPR = 8.4 + 5.85 = 14.25; Σ(PS + QR) = (1.4 + 3.6) + (.975 + 3.15) = 9.125;
    //   ΣQS = .6 + .525 = 1.125; Var ln α = 14.25/(2·21²) + 9.125/(2·21·3.5) + 1.125/(2·3.5²) = .124150;
    //   SE(D) = 2.35·√.124150 = .82802; (|D| − 1)/SE = 3.877 > 1.645, and |D| ≥ 1.5: C.
    const mh = mantelHaenszel([...stratum(1, [40, 10, 20, 30]), ...stratum(2, [45, 5, 30, 20])]);
    expect(mh).toMatchObject({ reference: 100, focal: 100, etsClass: "C" });
    expect(mh.alpha).toBeCloseTo(6, 10);
    expect(mh.delta).toBeCloseTo(-4.210635, 6);
    expect(mh.chiSquare).toBeCloseTo(26.770526, 5);
    expect(mh.deltaSe).toBeCloseTo(0.82802, 6);
  });

  it("the same sign flipped: harder for the reference group, D positive", () => {
    const mh = mantelHaenszel([...stratum(1, [20, 30, 40, 10]), ...stratum(2, [30, 20, 45, 5])]);
    expect(mh.delta).toBeCloseTo(4.210635, 6);
    expect(mh.etsClass).toBe("C");
  });

  it("|D| ≥ 1.5 on 140 pupils is not significant (A); on four times as many it is, but not significantly above 1 (B)", () => {
    // Stratum 1: 30, 20, 10, 10 (N = 70); stratum 2: 40, 10, 12, 8 (N = 70).
    // R = 300/70 + 320/70 = 8.8571, S = 200/70 + 120/70 = 4.5714: α = 1.9375, D = −1.5543.
    // E(A) = 50·40/70 + 50·52/70 = 65.714 against 70; Var = 3.5492 + 2.7684 = 6.3177;
    // χ² = (4.2857 − .5)²/6.3177 = 2.2685 < 3.841: A.
    const small = mantelHaenszel([...stratum(1, [30, 20, 10, 10]), ...stratum(2, [40, 10, 12, 8])]);
    expect(small.alpha).toBeCloseTo(1.9375, 10);
    expect(small.delta).toBeCloseTo(-1.554286, 6);
    expect(small.chiSquare).toBeCloseTo(2.268504, 5);
    expect(small.deltaSe).toBeCloseTo(0.918836, 5);
    expect(small.etsClass).toBe("A");
    // ×4: the same α and D; χ² = 11.080 (significant), SE(D) halves to .45942: (1.5543 − 1)/.45942 = 1.206 < 1.645: B.
    const large = mantelHaenszel([...stratum(1, [120, 80, 40, 40]), ...stratum(2, [160, 40, 48, 32])]);
    expect(large.delta).toBeCloseTo(-1.554286, 6);
    expect(large.chiSquare).toBeCloseTo(11.079874, 5);
    expect(large.deltaSe).toBeCloseTo(0.459418, 5);
    expect(large.etsClass).toBe("B");
  });

  it("leaves out strata holding one group only; no comparison at all gives no figures", () => {
    const mh = mantelHaenszel([...stratum(1, [40, 10, 20, 30]), ...stratum(2, [45, 5, 30, 20]), ...stratum(3, [7, 3, 0, 0])]);
    expect(mh).toMatchObject({ reference: 100, focal: 100 });
    expect(mh.alpha).toBeCloseTo(6, 10);
    // Every reference pupil right in every stratum: S = 0, α infinite, nothing to classify.
    expect(mantelHaenszel(stratum(1, [10, 0, 5, 5]))).toMatchObject({ alpha: null, delta: null, etsClass: null, reference: 10, focal: 10 });
    expect(mantelHaenszel([])).toMatchObject({ reference: 0, focal: 0, etsClass: null });
  });
});

describe("the ETS classes (Zwick 2012)", () => {
  const cases = [
    { name: "small: |D| < 1 is A however significant", delta: -0.9, deltaSe: 0.1, chiSquare: 50, class: "A" },
    { name: "not significant: A however large", delta: -2.5, deltaSe: 0.9, chiSquare: 3.8, class: "A" },
    { name: "between 1 and 1.5, significant: B", delta: 1.4, deltaSe: 0.1, chiSquare: 20, class: "B" },
    { name: "1.5 or more but not significantly above 1: B", delta: -1.6, deltaSe: 0.4, chiSquare: 20, class: "B" },
    { name: "1.5 or more and significantly above 1: C", delta: -1.6, deltaSe: 0.3, chiSquare: 20, class: "C" },
    { name: "exactly 1.5, significantly above 1: C", delta: 1.5, deltaSe: 0.2, chiSquare: 20, class: "C" },
  ] as const;
  for (const c of cases) it(c.name, () => expect(etsClass(c)).toBe(c.class));
});

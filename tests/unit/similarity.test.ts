// The screening's statistics (lib/statistics/similarity.ts) on examples worked by hand, and the
// screening on a small modelled olympiad (bench/collusion-model.mjs) with planted copiers.
import { describe, expect, it } from "vitest";
import { modelOlympiad } from "@/bench/collusion-model.mjs";
import { tabulate } from "@/lib/statistics/choice-table";
import {
  benjaminiHochberg,
  DEFAULT_SCREENING,
  omegaIndex,
  poissonBinomialUpperTail,
  type ScreenedAttempt,
  screenAttempts,
} from "@/lib/statistics/similarity";

describe("Wollack's ω", () => {
  it("matches a five-question example worked by hand", () => {
    // The copier's chances of giving the source's response: .5 .2 .1 .4 .25; it matched on all but
    // the fourth. Observed 4; expected .5+.2+.1+.4+.25 = 1.45; variance .25+.16+.09+.24+.1875 =
    // .9275; ω = (4 − 1.45) / √.9275 = 2.64779. p = P(4 or 5 matches), by enumeration: all five
    // .5·.2·.1·.4·.25 = .001; exactly four, one missed: .001·(.5/.5 + .8/.2 + .9/.1 + .6/.4 + .75/.25)
    // = .001·18.5 = .0185; p = .0195 (the normal tail would say .00405, five times too small).
    const chances = [0.5, 0.2, 0.1, 0.4, 0.25];
    const result = omegaIndex(
      5,
      (i) => chances[i],
      (i) => i !== 3,
    );
    expect(result.observed).toBe(4);
    expect(result.expected).toBeCloseTo(1.45, 10);
    expect(result.omega).toBeCloseTo(2.647788, 5);
    expect(result.p).toBeCloseTo(0.0195, 10);
  });

  it("is not raised by matches that were likely anyway", () => {
    const result = omegaIndex(
      4,
      () => 0.9,
      () => true,
    );
    expect(result.omega).toBeCloseTo((4 - 3.6) / Math.sqrt(0.36), 10);
    expect(result.p).toBeGreaterThan(0.2);
  });
});

describe("the tail and the false discovery rate", () => {
  it("gives the binomial tail when every chance is the same, and 1 and 0 at the ends", () => {
    // P(X ≥ 3) for X ~ Binomial(5, .2) = 1 − (.32768 + .4096 + .2048) = .05792.
    expect(poissonBinomialUpperTail(3, [0.2, 0.2, 0.2, 0.2, 0.2])).toBeCloseTo(0.05792, 10);
    expect(poissonBinomialUpperTail(0, [0.1])).toBe(1);
    expect(poissonBinomialUpperTail(2, [0.1])).toBe(0);
    // Unequal: P(both) = .5 × .1.
    expect(poissonBinomialUpperTail(2, [0.5, 0.1])).toBeCloseTo(0.05, 12);
  });

  it("adjusts p values as R's p.adjust(p, 'BH') does (Benjamini & Hochberg's 25 p values, as McDonald's Handbook lists them)", () => {
    const p = [
      0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216, 0.222, 0.251, 0.269, 0.275, 0.34, 0.341, 0.384, 0.569, 0.594,
      0.696, 0.762, 0.94, 0.942, 0.975, 0.986,
    ];
    const expected = [
      0.025, 0.1, 0.21, 0.21, 0.21, 0.25, 0.264286, 0.491071, 0.491071, 0.491071, 0.491071, 0.491071, 0.491071, 0.491071, 0.532813,
      0.532813, 0.564706, 0.781579, 0.781579, 0.87, 0.907143, 0.986, 0.986, 0.986, 0.986,
    ];
    // Shuffled, to show the order of the input is kept.
    const order = [24, 3, 0, 17, 9, 12, 1, 20, 5, 14, 7, 22, 2, 11, 19, 4, 16, 8, 23, 6, 13, 21, 10, 18, 15];
    const q = benjaminiHochberg(order.map((i) => p[i]));
    for (const [k, i] of order.entries()) expect(q[k]).toBeCloseTo(expected[i], 5);
  });
});

describe("the screening", () => {
  const asScreened = (o: ReturnType<typeof modelOlympiad>): ScreenedAttempt[] =>
    o.attempts.map((a) => ({ attemptId: a.pupil + 1, group: `school-${a.school}`, devices: [], addresses: [], responses: a.responses }));
  const key = (a: number, b: number) => `${Math.min(a, b) + 1}-${Math.max(a, b) + 1}`;

  it("finds copiers who answered side by side, and flags nobody in an honest olympiad", () => {
    const honest = screenAttempts(asScreened(modelOlympiad({ seed: 3, pupils: 800, schools: 32 })));
    expect(honest.pairs).toBe(32 * ((25 * 24) / 2));
    expect(honest.listed).toEqual([]);

    const o = modelOlympiad({ seed: 3, pupils: 800, schools: 32, plant: [{ rate: 0.8, together: true, pairs: 10 }] });
    const result = screenAttempts(asScreened(o));
    const planted = new Set(o.planted.map((p) => key(p.copier, p.source)));
    const found = result.listed.filter((e) => planted.has(`${e.attemptA}-${e.attemptB}`));
    expect(found).toHaveLength(10);
    for (const pair of found) {
      expect(pair.flagged).toBe(true);
      expect(pair.q).toBeLessThanOrEqual(DEFAULT_SCREENING.fdr);
      expect(pair.closeMatches).toBeGreaterThan(pair.timingExpected);
      expect(pair.reasons).toEqual(["group"]);
    }
    expect(result.listed.length - found.length).toBeLessThanOrEqual(1);
  });

  it("on a test of 40 attempts the expectation still follows the copier's ability: score groups of 10, the strong apart from the weak", () => {
    const o = modelOlympiad({ seed: 7, pupils: 40, schools: 1, perDifficulty: 12 });
    const { prepared } = tabulate(asScreened(o), DEFAULT_SCREENING.scoreGroups);
    const score = (a: (typeof o.attempts)[number]) => a.responses.filter((r) => r.correct).length;
    const groups = new Set(prepared.map((p) => p.group));
    expect(groups.size).toBeGreaterThanOrEqual(3);
    // The strongest pupil's group is above the weakest's.
    const byScore = o.attempts.map((a, i) => [score(a), prepared[i].group] as const).sort((x, y) => x[0] - y[0]);
    expect(byScore.at(-1)?.[1]).toBeGreaterThan(byScore[0][1]);
  });

  it("lists no honest pair of a school-sized test (60 pupils, a bank of 36) over ten seeds", () => {
    let listed = 0;
    let pairs = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const result = screenAttempts(asScreened(modelOlympiad({ seed, pupils: 60, schools: 1, perDifficulty: 12 })));
      listed += result.listed.filter((e) => e.flagged).length;
      pairs += result.pairs;
    }
    expect(pairs).toBe(10 * ((60 * 59) / 2));
    expect(listed).toBe(0);
  });

  it("lists two pupils of different schools who used one device, whatever their statistics; a crowded address pairs nobody", () => {
    const o = modelOlympiad({ seed: 5, pupils: 200, schools: 8 });
    const attempts = asScreened(o);
    const [first, other] = [attempts[0], attempts[199]];
    first.devices = ["device-1"];
    other.devices = ["device-1"];
    // A carrier's address, shared by 40 pupils of all schools: no pair from it alone.
    attempts.slice(100, 140).forEach((a) => {
      a.addresses = ["203.0.113.7"];
    });
    const result = screenAttempts(attempts);
    const pair = result.listed.find((e) => e.attemptA === first.attemptId && e.attemptB === other.attemptId);
    expect(pair).toMatchObject({ sharedDevice: true, reasons: ["device"] });
    expect(result.pairs).toBe(8 * ((25 * 24) / 2) + 1);
  });

  it("compares choices by identity: the same letter on screen is not a match when the choices differ", () => {
    const response = (questionId: number, choiceId: number) => ({
      questionId,
      choiceId,
      correct: false,
      savedAt: 1000 * questionId,
      sequence: [choiceId],
    });
    const one: ScreenedAttempt = {
      attemptId: 1,
      group: "s",
      devices: [],
      addresses: [],
      responses: [1, 2, 3].map((q) => response(q, q * 10)),
    };
    const two: ScreenedAttempt = {
      attemptId: 2,
      group: "s",
      devices: [],
      addresses: [],
      responses: [1, 2, 3].map((q) => response(q, q * 10 + 1)),
    };
    const result = screenAttempts([one, two], { ...DEFAULT_SCREENING, minShared: 1, fdr: 1 });
    expect(result.listed[0]).toMatchObject({ shared: 3, matches: 0, identicalWrong: 0, closeMatches: 0 });
  });
});

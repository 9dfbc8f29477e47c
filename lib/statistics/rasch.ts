// The Rasch model of a test whose papers are drawn at random from a bank: each question's
// difficulty by conditional maximum likelihood (CML: a question a pupil was not given has no term,
// so missing by design is handled exactly), then each pupil's measure given those difficulties.
// Pure, on plain arrays (./rasch-scale.ts feeds it); held to eRm's RM() on eRm's own example. Why
// CML and the likelihood it maximises: docs/statistics.md.
import "server-only";

/** One pupil's paper: the questions drawn (indexes into the bank's items) and whether each was earned. */
export type RaschPaper = { items: readonly number[]; correct: readonly boolean[] };

export type RaschItems = {
  /**
   * Per item, in logits (higher is harder), centred so that the estimated items' difficulties sum
   * to zero (eRm's normalisation); null when the answers cannot place it: nobody drew it, or every
   * pupil who drew it (among those not on 0 or full marks) got it right, or every one got it wrong.
   */
  difficulties: (number | null)[];
  converged: boolean;
  iterations: number;
};

export type RaschOptions = { tolerance?: number; maxIterations?: number };

/** γ_0 … γ_L of ε: the elementary symmetric functions, by the summation algorithm. */
function symmetricFunctions(eps: Float64Array): Float64Array {
  const gamma = new Float64Array(eps.length + 1);
  gamma[0] = 1;
  for (let j = 0; j < eps.length; j++) for (let k = j + 1; k >= 1; k--) gamma[k] += eps[j] * gamma[k - 1];
  return gamma;
}

/**
 * γ^(i)_0 … γ^(i)_{L−1}: the same without item i, from γ by the difference algorithm. Run upwards
 * when ε_i ≤ 1 and downwards otherwise, so that each step divides rounding errors by ε_i or
 * multiplies them by it only where it is at most 1.
 */
function withoutItem(gamma: Float64Array, e: number, out: Float64Array): void {
  const L = gamma.length - 1;
  if (e <= 1) {
    out[0] = 1;
    for (let k = 1; k < L; k++) out[k] = gamma[k] - e * out[k - 1];
  } else {
    out[L - 1] = gamma[L] / e;
    for (let k = L - 1; k >= 1; k--) out[k - 1] = (gamma[k] - out[k]) / e;
  }
}

/** Which items the answers can place: drops extreme items until none is left (dropping one changes who is extreme). */
function placeable(papers: readonly RaschPaper[], itemCount: number): boolean[] {
  const keep = new Array<boolean>(itemCount).fill(true);
  for (;;) {
    const drawn = new Array<number>(itemCount).fill(0);
    const right = new Array<number>(itemCount).fill(0);
    for (const paper of papers) {
      let length = 0;
      let raw = 0;
      paper.items.forEach((item, k) => {
        if (!keep[item]) return;
        length++;
        if (paper.correct[k]) raw++;
      });
      if (raw === 0 || raw === length) continue;
      paper.items.forEach((item, k) => {
        if (!keep[item]) return;
        drawn[item]++;
        if (paper.correct[k]) right[item]++;
      });
    }
    let changed = false;
    for (let i = 0; i < itemCount; i++)
      if (keep[i] && (right[i] === 0 || right[i] === drawn[i])) {
        keep[i] = false;
        changed = true;
      }
    if (!changed) return keep;
  }
}

/** Pupils with the same paper share its symmetric functions: grouped by the paper's items, counted by raw score. */
type Group = { items: number[]; byScore: Map<number, number> };

/**
 * The items' difficulties by CML. Newton–Raphson on each difficulty with the exact diagonal of the
 * information (Σ P(1 − P), P a pupil's probability of the item given their raw score), each step
 * at most one logit and shortened when it overshoots; the difficulties are re-centred after every
 * step. Stops when no difficulty moves by more than `tolerance`. Without
 * convergence (answers that leave two questions' difference unbounded: on every paper holding
 * both, one of them was always the one earned) it says so, with where it stopped.
 */
export function raschItems(papers: readonly RaschPaper[], itemCount: number, options: RaschOptions = {}): RaschItems {
  const { tolerance = 1e-7, maxIterations = 200 } = options;
  const keep = placeable(papers, itemCount);
  const observed = new Float64Array(itemCount);
  const groups = new Map<string, Group>();
  for (const paper of papers) {
    const kept = paper.items.map((item, k) => ({ item, correct: paper.correct[k] })).filter(({ item }) => keep[item]);
    const raw = kept.filter((a) => a.correct).length;
    if (raw === 0 || raw === kept.length) continue;
    for (const a of kept) if (a.correct) observed[a.item]++;
    const items = kept.map((a) => a.item).sort((a, b) => a - b);
    const key = items.join(",");
    const group = groups.get(key) ?? { items, byScore: new Map() };
    group.byScore.set(raw, (group.byScore.get(raw) ?? 0) + 1);
    groups.set(key, group);
  }

  const placed = keep.flatMap((k, i) => (k ? [i] : []));
  /** The conditional log-likelihood at β, with each item's expected count and information. */
  const evaluate = (beta: Float64Array) => {
    let logLikelihood = 0;
    for (const i of placed) logLikelihood -= observed[i] * beta[i];
    const expected = new Float64Array(itemCount);
    const information = new Float64Array(itemCount);
    for (const { items, byScore } of groups.values()) {
      // Centred on the paper's own mean: the same probabilities, with γ kept far from overflow
      // (γ_r of the centred ε is γ_r of ε times exp(r · mean)).
      const mean = items.reduce((sum, i) => sum + beta[i], 0) / items.length;
      const eps = Float64Array.from(items, (i) => Math.exp(mean - beta[i]));
      const gamma = symmetricFunctions(eps);
      for (const [raw, pupils] of byScore) logLikelihood -= pupils * (Math.log(gamma[raw]) - raw * mean);
      const without = new Float64Array(items.length);
      items.forEach((item, j) => {
        withoutItem(gamma, eps[j], without);
        for (const [raw, pupils] of byScore) {
          const p = (eps[j] * without[raw - 1]) / gamma[raw];
          expected[item] += pupils * p;
          information[item] += pupils * p * (1 - p);
        }
      });
    }
    return { logLikelihood, expected, information };
  };
  /** β plus `factor` times the step, re-centred on the placed items' mean. */
  const moved = (beta: Float64Array, step: Float64Array, factor: number) => {
    const next = Float64Array.from(beta, (b, i) => b + factor * step[i]);
    const centre = placed.reduce((sum, i) => sum + next[i], 0) / placed.length;
    for (const i of placed) next[i] -= centre;
    return next;
  };

  let beta = new Float64Array(itemCount);
  let current = evaluate(beta);
  let converged = placed.length === 0;
  let iterations = 0;
  while (!converged && iterations < maxIterations) {
    iterations++;
    // ∂ℓ/∂β_i = E − O and ∂²ℓ/∂β_i² = −Σ P(1 − P): more expected than earned means harder.
    const step = new Float64Array(itemCount);
    for (const i of placed) step[i] = Math.max(-1, Math.min(1, (current.expected[i] - observed[i]) / current.information[i]));
    // Each item's step ignores the others': on a few strongly linked items (two on every paper) they
    // overshoot together. Past the likelihood's top along the step (its slope there turned
    // negative), the step is cut to where a quadratic through both slopes peaks.
    const slope = (at: typeof current) => placed.reduce((sum, i) => sum + (at.expected[i] - observed[i]) * step[i], 0);
    let factor = 1;
    let next = moved(beta, step, factor);
    let after = evaluate(next);
    const before = slope(current);
    const beyond = slope(after);
    if (beyond < 0) {
      factor = before / (before - beyond);
      next = moved(beta, step, factor);
      after = evaluate(next);
    }
    const largest = placed.reduce((most, i) => Math.max(most, Math.abs(factor * step[i])), 0);
    beta = next;
    current = after;
    converged = largest < tolerance;
  }
  return { difficulties: keep.map((k, i) => (k ? beta[i] : null)), converged, iterations };
}

export type PersonMeasure = {
  /** Warm's weighted likelihood estimate, in logits on the items' scale. */
  measure: number;
  /** 1 / √(test information at the measure). */
  standardError: number;
};

/**
 * A pupil's measure given the difficulties of the questions on their paper and their raw score
 * there: Warm's (1989) weighted likelihood estimate, the root of r − Σ P_i(θ) + J(θ) / (2 I(θ)) = 0
 * with I = Σ P_i(1 − P_i) and J = Σ P_i(1 − P_i)(1 − 2P_i). Unlike the plain maximum likelihood it
 * is finite on 0 and on full marks (an olympiad has both) and less biased outwards. Found by
 * bisection: the function falls from r + ½ to r − L − ½ across the scale.
 */
export function personMeasure(difficulties: readonly number[], raw: number): PersonMeasure | null {
  if (difficulties.length === 0) return null;
  const at = (theta: number) => {
    let expected = 0;
    let information = 0;
    let skew = 0;
    for (const b of difficulties) {
      const p = 1 / (1 + Math.exp(b - theta));
      expected += p;
      information += p * (1 - p);
      skew += p * (1 - p) * (1 - 2 * p);
    }
    return { value: raw - expected + skew / (2 * information), information };
  };
  let low = Math.min(...difficulties) - 15;
  let high = Math.max(...difficulties) + 15;
  for (let step = 0; step < 100 && high - low > 1e-6; step++) {
    const middle = (low + high) / 2;
    if (at(middle).value > 0) low = middle;
    else high = middle;
  }
  const measure = (low + high) / 2;
  return { measure, standardError: 1 / Math.sqrt(at(measure).information) };
}

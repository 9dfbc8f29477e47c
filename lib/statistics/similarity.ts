// Answer-similarity screening of one test: which pairs of pupils who could have worked together
// answered more alike, and more in step, than pupils working alone do, by Wollack's ω and the
// timing of their shared answers over the questions both were given, held to a false discovery
// rate (Benjamini–Hochberg). Pure, and it decides nothing: it selects pairs for a person to look
// at. The statistics, their sources and their checks: docs/integrity.md.
import { type Prepared, type ScreenedResponse, tabulate } from "./choice-table";
import { pairTiming } from "./pair-timing";
import { pairsOf } from "./pairing";

export type ScreenedAttempt = {
  attemptId: number;
  /** Who could have worked together: pupils of one school (or one district, the school unknown). */
  group: string | null;
  /** Device ids and client addresses of the sign-ins and the start during the test's window. */
  devices: string[];
  addresses: string[];
  responses: ScreenedResponse[];
};

export type ScreeningOptions = {
  /** The false discovery rate Benjamini–Hochberg controls (0.01: 1 %). */
  fdr: number;
  /** A pair with fewer shared questions is not tested (it may still be listed for a shared device). */
  minShared: number;
  /** Two saves of the same choice this close count as made together. */
  closeSeconds: number;
  /** Score groups of the choice table. */
  scoreGroups: number;
  /** An address shared by more pupils than this is a school's or a carrier's, not a pairing. */
  maxAddressPupils: number;
};

export const DEFAULT_SCREENING: ScreeningOptions = { fdr: 0.01, minShared: 10, closeSeconds: 20, scoreGroups: 10, maxAddressPupils: 30 };

export type PairEvidence = {
  /** The two attempts, the lower id first. */
  attemptA: number;
  attemptB: number;
  /** Why they were paired: "group", "device", "address" (as many as apply). */
  reasons: ("group" | "device" | "address")[];
  shared: number;
  /** Same choice on a shared question, and of those, same wrong choice. */
  matches: number;
  identicalWrong: number;
  /** The stronger direction of ω: the attempt treated as the copier, its expected matches, ω, its p. */
  copier: number;
  expected: number;
  omega: number;
  pOmega: number;
  /** Matches saved within closeSeconds, matches reached by the same changes, and the shared questions that were either (the count tested, against timingExpected). */
  closeMatches: number;
  sameChanges: number;
  together: number;
  timingExpected: number;
  pTiming: number;
  /** The pair's p (the two combined), and its q (Benjamini–Hochberg); null when not tested. */
  p: number | null;
  q: number | null;
  sharedDevice: boolean;
  sharedAddress: boolean;
  flagged: boolean;
};

export type ScreeningResult = {
  /** Pairs formed, and of them those with enough shared questions to be tested. */
  pairs: number;
  tested: number;
  /** Flagged pairs and pairs that shared a device, strongest first. */
  listed: PairEvidence[];
};

// ─── The Poisson-binomial tail and the false discovery rate ──────────────────────────────────────────────

/** P(X ≥ k) where X is a sum of independent Bernoulli(p_i): exact, by convolution. */
export function poissonBinomialUpperTail(k: number, probabilities: ArrayLike<number>): number {
  if (k <= 0) return 1;
  const n = probabilities.length;
  if (k > n) return 0;
  // dist[j] = P(j successes so far); only up to k is needed (k collects "k or more").
  const dist = new Float64Array(k + 1);
  dist[0] = 1;
  for (let i = 0; i < n; i++) {
    const p = probabilities[i];
    dist[k] += dist[k - 1] * p;
    for (let j = k - 1; j >= 1; j--) dist[j] = dist[j] * (1 - p) + dist[j - 1] * p;
    dist[0] *= 1 - p;
  }
  return Math.min(1, dist[k]);
}

/** Benjamini–Hochberg q values (adjusted p values), in the order of `p`. */
export function benjaminiHochberg(p: number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => p[b] - p[a]);
  const q = new Array<number>(m);
  let smallest = 1;
  for (const [rank, i] of order.entries()) {
    smallest = Math.min(smallest, (p[i] * m) / (m - rank));
    q[i] = smallest;
  }
  return q;
}

// ─── ω ──────────────────────────────────────────────────────────────────────────────────────

/**
 * ω of a copier against a source over their shared questions: `probability(i)` is the chance the
 * copier, at its score group, gives the source's response on shared question i; `matched(i)`
 * whether it did. `p`: the chance of that many matches or more, exactly (Poisson-binomial).
 */
export function omegaIndex(shared: number, probability: (i: number) => number, matched: (i: number) => boolean) {
  let observed = 0;
  let expected = 0;
  let variance = 0;
  const chances = new Float64Array(shared);
  for (let i = 0; i < shared; i++) {
    const p = probability(i);
    chances[i] = p;
    if (matched(i)) observed++;
    expected += p;
    variance += p * (1 - p);
  }
  const omega = variance > 0 ? (observed - expected) / Math.sqrt(variance) : 0;
  return { observed, expected, omega, p: poissonBinomialUpperTail(observed, chances) };
}

// ─── The screening ──────────────────────────────────────────────────────────────────────────

export function screenAttempts(attempts: ScreenedAttempt[], options: ScreeningOptions = DEFAULT_SCREENING): ScreeningResult {
  const { table, prepared } = tabulate(attempts, options.scoreGroups);
  const pairs = pairsOf(attempts, options.maxAddressPupils);
  const n = attempts.length;
  const window = options.closeSeconds * 1000;
  const q = table.questions.size;
  const sharedIndex = new Int32Array(q);
  const timingChance = new Float64Array(q);
  const evidence: PairEvidence[] = [];

  for (const [key, reasons] of pairs) {
    const A = prepared[Math.floor(key / n)];
    const B = prepared[key % n];
    let shared = 0;
    for (let i = 0; i < q; i++) if (A.category[i] >= 0 && B.category[i] >= 0) sharedIndex[shared++] = i;

    const direction = (copier: Prepared, source: Prepared) =>
      omegaIndex(
        shared,
        (s) => table.probability[copier.group][sharedIndex[s]][source.category[sharedIndex[s]]],
        (s) => copier.category[sharedIndex[s]] === source.category[sharedIndex[s]],
      );
    const ab = direction(A, B);
    const ba = direction(B, A);
    const stronger = ab.omega >= ba.omega ? { ...ab, copier: A.attemptId } : { ...ba, copier: B.attemptId };

    const timing = pairTiming(A, B, table, sharedIndex, shared, window, timingChance);
    const pTiming = poissonBinomialUpperTail(timing.together, timing.chances);
    const tested = shared >= options.minShared;
    const pOmega = Math.min(1, 2 * Math.min(ab.p, ba.p));
    const sharedDevice = reasons.has("device");
    if (!tested && !sharedDevice) continue;
    evidence.push({
      attemptA: Math.min(A.attemptId, B.attemptId),
      attemptB: Math.max(A.attemptId, B.attemptId),
      reasons: [...reasons],
      shared,
      matches: ab.observed,
      identicalWrong: timing.identicalWrong,
      copier: stronger.copier,
      expected: stronger.expected,
      omega: stronger.omega,
      pOmega,
      closeMatches: timing.closeMatches,
      sameChanges: timing.sameChanges,
      together: timing.together,
      timingExpected: timing.timingExpected,
      pTiming,
      p: tested ? Math.min(1, 2 * Math.min(pOmega, pTiming)) : null,
      q: null,
      sharedDevice,
      sharedAddress: reasons.has("address"),
      flagged: false,
    });
  }

  const testedPairs = evidence.filter((e) => e.p !== null);
  const qValues = benjaminiHochberg(testedPairs.map((e) => e.p as number));
  testedPairs.forEach((e, i) => {
    e.q = qValues[i];
    e.flagged = qValues[i] <= options.fdr;
  });
  const listed = evidence
    .filter((e) => e.flagged || e.sharedDevice)
    .sort((x, y) => (x.q ?? 1) - (y.q ?? 1) || (x.p ?? 1) - (y.p ?? 1) || x.attemptA - y.attemptA || x.attemptB - y.attemptB);
  return { pairs: pairs.size, tested: testedPairs.length, listed };
}

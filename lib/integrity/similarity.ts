// Answer-similarity screening of one test: which pairs of pupils who could have worked together
// answered more alike, and more in step, than pupils working alone do. Pure: the job
// (lib/integrity/screening.ts) reads the attempts and stores what this finds; the benchmark
// (bench/collusion.mjs) and the tests feed it the same way.
//
// Two statistics per pair, over the questions both were given (papers are drawn at random, so
// only shared questions count; a choice is compared by its id, never by its letter on screen):
//
// - Wollack's ω (Wollack 1997, Applied Psychological Measurement 21(4)): the matches observed
//   against those expected if the "copier" answered alone at its own ability. Each choice's
//   probability comes from the test's own answers, tabulated by score group (the copier's
//   proportion correct); an omission is a category of its own. A shared wrong choice is unlikely,
//   so it adds little to the expectation and weighs most. ω = (observed − expected) / sd; its p is
//   the exact (Poisson-binomial) tail of the matches, not the normal one, which is far too small
//   out where flags are decided. Both directions are computed and the stronger is kept (its p doubled).
// - Timing: a shared question counts when both gave the same choice and either saved it within
//   `closeSeconds` of each other or reached it by the same sequence of changed answers. Its chance
//   for two pupils working apart is the chance of the same choice (from the same table) times the
//   chance of saving that close, estimated for this very pair from its saves on different
//   questions (two pupils who start together and keep pace are close often by chance), or of both
//   changing an answer there (a choice saved again unchanged is no change). The count is read on
//   its exact (Poisson-binomial) tail.
//
// The pair's p is the smaller of the two, doubled (Bonferroni over the two statistics, on top of ω's
// own doubling for its two directions). Flags are controlled
// for false discovery by Benjamini–Hochberg over every pair screened with enough shared questions.
// A pair that used one device during the window is always listed, whatever its statistics.
// Nothing here decides anything: it selects pairs for a person to look at.

export type ScreenedResponse = {
  questionId: number;
  /** The final choice; null when the question was drawn and left unanswered. */
  choiceId: number | null;
  correct: boolean;
  /** The server's time of the final save, ms; null when unanswered. */
  savedAt: number | null;
  /** The choices saved for it in order (the final one last): more than one means it was changed. */
  sequence: number[];
};

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

/** The test's answers, densely indexed: question i, response category c (the last is "omitted"). */
type Table = {
  questions: Map<number, number>;
  /** Per question: choice id → category. */
  categories: Map<number, number>[];
  /** Per question: the category count (choices seen + omitted). */
  width: number[];
  /** probability[g][i][c]: the chance a pupil of score group g gives category c on question i. */
  probability: Float64Array[][];
};

type Prepared = {
  attemptId: number;
  group: number;
  /** Per question index: the category given, or -1 when not drawn. */
  category: Int16Array;
  savedAt: Float64Array;
  sequence: (string | null)[];
  /** Final save times, sorted, and the share of answered questions that were changed. */
  times: Float64Array;
  changedShare: number;
  correctCategory: Int16Array;
};

function tabulate(attempts: ScreenedAttempt[], groups: number): { table: Table; prepared: Prepared[] } {
  const questions = new Map<number, number>();
  const categories: Map<number, number>[] = [];
  for (const a of attempts) {
    for (const r of a.responses) {
      let i = questions.get(r.questionId);
      if (i === undefined) {
        i = questions.size;
        questions.set(r.questionId, i);
        categories.push(new Map());
      }
      if (r.choiceId !== null && !categories[i].has(r.choiceId)) categories[i].set(r.choiceId, categories[i].size);
    }
  }
  const width = categories.map((c) => c.size + 1);
  const q = questions.size;

  // Score groups: equal-sized groups by the proportion correct of each pupil's own paper.
  const score = attempts.map((a) => (a.responses.length ? a.responses.filter((r) => r.correct).length / a.responses.length : 0));
  const byScore = score.map((_, i) => i).sort((x, y) => score[x] - score[y]);
  const groupOf = new Int32Array(attempts.length);
  const g = Math.max(1, Math.min(groups, Math.floor(attempts.length / 50)));
  for (const [rank, i] of byScore.entries()) groupOf[i] = Math.min(g - 1, Math.floor((rank * g) / attempts.length));
  // Pupils with one score share one group: a group boundary never splits equal scores.
  for (let r = 1; r < byScore.length; r++) {
    if (score[byScore[r]] === score[byScore[r - 1]]) groupOf[byScore[r]] = groupOf[byScore[r - 1]];
  }

  const counts = Array.from({ length: g }, () => Array.from({ length: q }, (_, i) => new Float64Array(width[i])));
  const overall = Array.from({ length: q }, (_, i) => new Float64Array(width[i]));
  const prepared: Prepared[] = attempts.map((a, n) => {
    const category = new Int16Array(q).fill(-1);
    const correctCategory = new Int16Array(q).fill(-1);
    const savedAt = new Float64Array(q).fill(Number.NaN);
    const sequence: (string | null)[] = new Array(q).fill(null);
    const times: number[] = [];
    let changed = 0;
    for (const r of a.responses) {
      const i = questions.get(r.questionId) as number;
      const c = r.choiceId === null ? width[i] - 1 : (categories[i].get(r.choiceId) as number);
      category[i] = c;
      if (r.correct && r.choiceId !== null) correctCategory[i] = c;
      counts[groupOf[n]][i][c]++;
      overall[i][c]++;
      if (r.savedAt !== null && r.choiceId !== null) {
        savedAt[i] = r.savedAt;
        times.push(r.savedAt);
      }
      // A choice saved again unchanged (a retry, a second tap) is no change.
      const changes = r.sequence.filter((c, k) => k === 0 || c !== r.sequence[k - 1]);
      if (changes.length > 1) {
        sequence[i] = changes.join(">");
        changed++;
      }
    }
    return {
      attemptId: a.attemptId,
      group: groupOf[n],
      category,
      savedAt,
      sequence,
      times: Float64Array.from(times).sort(),
      changedShare: times.length ? changed / times.length : 0,
      correctCategory,
    };
  });

  // Each group's table, smoothed toward the question's overall shares (which are smoothed toward
  // uniform): a small group never gives a choice a probability of 0 or 1.
  const SMOOTHING = 5;
  const probability = counts.map((group) =>
    group.map((row, i) => {
      const all = overall[i];
      const total = all.reduce((s, x) => s + x, 0);
      const n = row.reduce((s, x) => s + x, 0);
      return row.map((x, c) => {
        const prior = (all[c] + 0.5) / (total + 0.5 * width[i]);
        return (x + SMOOTHING * prior) / (n + SMOOTHING);
      });
    }),
  );
  return { table: { questions, categories, width, probability }, prepared };
}

/** The pairs to screen: within a group, and any two sharing a device or (a small) address. */
function pairsOf(attempts: ScreenedAttempt[], maxAddressPupils: number): Map<number, Set<"group" | "device" | "address">> {
  const n = attempts.length;
  const pairs = new Map<number, Set<"group" | "device" | "address">>();
  const add = (members: number[], reason: "group" | "device" | "address") => {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const [a, b] = members[x] < members[y] ? [members[x], members[y]] : [members[y], members[x]];
        const key = a * n + b;
        const reasons = pairs.get(key);
        if (reasons) reasons.add(reason);
        else pairs.set(key, new Set([reason]));
      }
    }
  };
  const by = (pick: (a: ScreenedAttempt) => (string | null)[]) => {
    const members = new Map<string, number[]>();
    attempts.forEach((a, i) => {
      for (const key of new Set(pick(a))) {
        if (key === null) continue;
        const list = members.get(key);
        if (list) list.push(i);
        else members.set(key, [i]);
      }
    });
    return members;
  };
  for (const members of by((a) => [a.group]).values()) add(members, "group");
  for (const members of by((a) => a.devices).values()) add(members, "device");
  for (const members of by((a) => a.addresses).values()) if (members.length <= maxAddressPupils) add(members, "address");
  return pairs;
}

/** How many saves of two pupils on different questions fall within `window` ms of each other. */
function closeSaves(a: Float64Array, b: Float64Array, window: number): number {
  let count = 0;
  let lo = 0;
  let hi = 0;
  for (const t of a) {
    while (lo < b.length && b[lo] < t - window) lo++;
    if (hi < lo) hi = lo;
    while (hi < b.length && b[hi] <= t + window) hi++;
    count += hi - lo;
  }
  return count;
}

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

    // Timing: the pair's own chance of two saves this close on different questions.
    let sameQuestionPairs = 0;
    let sameQuestionClose = 0;
    let identicalWrong = 0;
    let closeMatches = 0;
    let sameChanges = 0;
    let evidenceCount = 0;
    for (let s = 0; s < shared; s++) {
      const i = sharedIndex[s];
      const same = A.category[i] === B.category[i];
      const omitted = table.width[i] - 1;
      if (same && A.category[i] !== omitted && A.category[i] !== A.correctCategory[i]) identicalWrong++;
      const bothSaved = !Number.isNaN(A.savedAt[i]) && !Number.isNaN(B.savedAt[i]);
      const close = bothSaved && Math.abs(A.savedAt[i] - B.savedAt[i]) <= window;
      if (bothSaved) {
        sameQuestionPairs++;
        if (close) sameQuestionClose++;
      }
      const changes = A.sequence[i] !== null && A.sequence[i] === B.sequence[i];
      if (same && close) closeMatches++;
      if (same && changes) sameChanges++;
      if (same && bothSaved && (close || changes)) evidenceCount++;
    }
    const crossPairs = A.times.length * B.times.length - sameQuestionPairs;
    const crossClose = closeSaves(A.times, B.times, window) - sameQuestionClose;
    const closeChance = (crossClose + 0.5) / (crossPairs + 1);
    const bothChange = A.changedShare * B.changedShare;
    let timingExpected = 0;
    let t = 0;
    for (let s = 0; s < shared; s++) {
      const i = sharedIndex[s];
      const omitted = table.width[i] - 1;
      if (A.category[i] === omitted || B.category[i] === omitted || Number.isNaN(A.savedAt[i]) || Number.isNaN(B.savedAt[i])) continue;
      // The chance that two pupils working apart give the same choice here (an answer, not an omission).
      const pa = table.probability[A.group][i];
      const pb = table.probability[B.group][i];
      let sameChoice = 0;
      for (let c = 0; c < omitted; c++) sameChoice += pa[c] * pb[c];
      timingChance[t] = sameChoice * (1 - (1 - closeChance) * (1 - bothChange));
      timingExpected += timingChance[t++];
    }
    const pTiming = poissonBinomialUpperTail(evidenceCount, timingChance.subarray(0, t));
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
      identicalWrong,
      copier: stronger.copier,
      expected: stronger.expected,
      omega: stronger.omega,
      pOmega,
      closeMatches,
      sameChanges,
      together: evidenceCount,
      timingExpected,
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

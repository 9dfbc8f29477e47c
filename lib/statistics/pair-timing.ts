// What a pair's shared questions show besides ω's matches (lib/statistics/similarity.ts): the same
// wrong choices, and the same choices saved together (close in time, or by the same changes), with
// each question's chance of that for two pupils working apart, estimated for this very pair. Pure.
import type { Prepared, Table } from "./choice-table";

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

/**
 * The timing evidence of pupils A and B over their `shared` questions (`sharedIndex`), saves within
 * `window` ms counting as close. `chances`: each counted question's chance, for the exact tail of
 * `together`; it is a view of `timingChance`, scratch space the caller reuses from pair to pair.
 */
export function pairTiming(
  A: Prepared,
  B: Prepared,
  table: Table,
  sharedIndex: Int32Array,
  shared: number,
  window: number,
  timingChance: Float64Array,
) {
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
  return {
    identicalWrong,
    closeMatches,
    sameChanges,
    together: evidenceCount,
    timingExpected,
    chances: timingChance.subarray(0, t),
  };
}

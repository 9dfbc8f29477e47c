// @ts-check
// The admission's pace (server/admission.mjs): requests completed a second, and the arrival
// frontier, the time those let in now first came and how fast it moves. A refused client's wait is
// the time the frontier takes to reach its own first time: that counts every step still ahead of
// those before it, where a count of requests counts only the one they ask now.

/** The frontier's speed is measured over this long. */
const FRONTIER_WINDOW_MS = 10_000;
/** A frontier slower than this (arrival time per time) is not moving: the wait is told from the requests ahead. */
const MIN_FRONTIER_SPEED = 0.02;
/** First-came times sampled a second for the frontier (the first ones let in; enough for a median). */
const LET_IN_SAMPLES = 1_000;

/**
 * @param {{ limit: number; now: () => number }} options limit: the rate assumed before any is measured
 */
export function arrivalPace({ limit, now }) {
  // Completions a second, smoothed over the last few seconds (at least 1: never divide by nothing).
  let rate = limit;
  let served = 0;
  let since = now();
  /** @type {number[]} */
  let letIn = []; // the first-came times of those let in since the last measure
  /** @type {[number, number][]} */
  const frontiers = []; // [when, the frontier then], a sample a second over FRONTIER_WINDOW_MS

  /** Takes the measures, at most once a second. */
  function measure() {
    const elapsed = now() - since;
    if (elapsed < 1_000) return;
    rate = Math.max(1, 0.6 * rate + (0.4 * served * 1_000) / elapsed);
    served = 0;
    since = now();
    if (letIn.length > 0) {
      letIn.sort((a, b) => a - b);
      frontiers.push([since, letIn[Math.floor(letIn.length / 2)]]);
      letIn = [];
    }
    while (frontiers.length > 0 && frontiers[0][0] < since - FRONTIER_WINDOW_MS) frontiers.shift();
  }

  return {
    measure,
    /** Requests completed a second, as last measured. */
    get rate() {
      return rate;
    },
    /** A request has ended. */
    served() {
      served++;
      measure();
    },
    /**
     * One let in (a step on the way to the first question) who first came at `first`.
     * @param {number} first
     */
    noteLetIn(first) {
      if (letIn.length < LET_IN_SAMPLES) letIn.push(first);
    },
    /**
     * Seconds until the frontier reaches `first`, at the speed it moved over the window; null if it is there, or not moving.
     * @param {number} first
     * @returns {number | null}
     */
    frontierWait(first) {
      if (frontiers.length < 2) return null;
      const [[fromTime, fromFrontier], [toTime, toFrontier]] = [frontiers[0], frontiers[frontiers.length - 1]];
      const speed = (toFrontier - fromFrontier) / (toTime - fromTime); // arrival time per time
      if (first <= toFrontier || speed <= MIN_FRONTIER_SPEED) return null;
      return Math.ceil(((first - toFrontier) / speed - (now() - toTime)) / 1_000);
    },
  };
}

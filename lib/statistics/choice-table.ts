// The test's answers as one table, built once per screening (lib/statistics/similarity.ts): each
// question's choices numbered densely (an omission a category of its own), each pupil's answers and
// saves indexed by them, and each choice's probability by score group, smoothed. Pure.

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

/** The test's answers, densely indexed: question i, response category c (the last is "omitted"). */
export type Table = {
  questions: Map<number, number>;
  /** Per question: choice id → category. */
  categories: Map<number, number>[];
  /** Per question: the category count (choices seen + omitted). */
  width: number[];
  /** probability[g][i][c]: the chance a pupil of score group g gives category c on question i. */
  probability: Float64Array[][];
};

export type Prepared = {
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

/** The table of these answers, in at most `groups` score groups, and each pupil's answers indexed by it. */
/** The fewest pupils a score group holds. */
const GROUP_PUPILS = 10;

export function tabulate(
  attempts: { attemptId: number; responses: ScreenedResponse[] }[],
  groups: number,
): { table: Table; prepared: Prepared[] } {
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

  // Score groups: equal-sized groups by the proportion correct of each pupil's own paper, of at
  // least GROUP_PUPILS pupils each (at most `groups`): a school-sized test of 40 still has four, so
  // the chance of a match follows the copier's ability there too; a small group's table leans on
  // the question's overall shares (the smoothing below), never on a handful of answers alone.
  const score = attempts.map((a) => (a.responses.length ? a.responses.filter((r) => r.correct).length / a.responses.length : 0));
  const byScore = score.map((_, i) => i).sort((x, y) => score[x] - score[y]);
  const groupOf = new Int32Array(attempts.length);
  const g = Math.max(1, Math.min(groups, Math.floor(attempts.length / GROUP_PUPILS)));
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

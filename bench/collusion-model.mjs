// @ts-check
// An olympiad like the camp's, answered by a model rather than by children, for the collusion
// benchmark (bench/collusion.mjs) and the screening's tests. Seeded: the same seed gives the same
// olympiad. The model: docs/benchmarks.md#collusion-model

/** Mulberry32: a small seeded generator, enough for a simulation. */
/** @param {number} seed */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {() => number} rand */
function normal(rand) {
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * @typedef {{ questionId: number, difficulty: 1 | 2 | 3, choices: number[], correct: number, b: number, a: number, attraction: number[] }} ModelQuestion
 * @typedef {{ questionId: number, choiceId: number | null, correct: boolean, savedAt: number | null, sequence: number[] }} ModelResponse
 * @typedef {{ pupil: number, school: number, responses: ModelResponse[] }} ModelAttempt
 * @typedef {{ copier: number, source: number, rate: number, together: boolean }} Planted
 */

/**
 * @param {{ seed?: number, pupils?: number, schools?: number, perDifficulty?: number, drawnPerDifficulty?: number,
 *           plant?: { rate: number, together: boolean, pairs: number }[], opening?: number }} options
 */
export function modelOlympiad({
  seed = 1,
  pupils = 5000,
  schools = 200,
  perDifficulty = 20,
  drawnPerDifficulty = 10,
  plant = [],
  opening = Date.parse("2026-06-01T05:00:00Z"),
} = {}) {
  const rand = random(seed);
  /** @type {ModelQuestion[]} */
  const bank = [];
  let choiceId = 1;
  for (const difficulty of /** @type {const} */ ([1, 2, 3])) {
    for (let k = 0; k < perDifficulty; k++) {
      const choices = [choiceId, choiceId + 1, choiceId + 2, choiceId + 3];
      choiceId += 4;
      const raw = [rand() * 3 + 0.3, rand() * 1.5 + 0.2, rand() * 0.6 + 0.05];
      const total = raw.reduce((s, x) => s + x, 0);
      bank.push({
        questionId: bank.length + 1,
        difficulty,
        choices,
        correct: Math.floor(rand() * 4),
        b: difficulty - 2 + normal(rand) * 0.5,
        a: 0.7 + rand() * 0.8,
        attraction: raw.map((x) => x / total),
      });
    }
  }
  const byDifficulty = [1, 2, 3].map((d) => bank.filter((q) => q.difficulty === d));

  /** A pupil's own answer to a question: correct by the model, else a distractor by attraction. */
  const answer = (/** @type {number} */ theta, /** @type {ModelQuestion} */ q) => {
    if (rand() < 0.02) return null;
    const p = 0.2 + 0.8 / (1 + Math.exp(-1.7 * q.a * (theta - q.b)));
    if (rand() < p) return q.choices[q.correct];
    const wrong = q.choices.filter((_, i) => i !== q.correct);
    let x = rand();
    for (const [i, w] of q.attraction.entries()) {
      x -= w;
      if (x <= 0) return wrong[i];
    }
    return wrong[wrong.length - 1];
  };

  /** @type {ModelAttempt[]} */
  const attempts = [];
  /** @type {Map<number, number>[]} */
  const times = [];
  for (let pupil = 0; pupil < pupils; pupil++) {
    const theta = normal(rand);
    const pace = Math.exp(normal(rand) * 0.3);
    const paper = byDifficulty.flatMap((list) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, drawnPerDifficulty);
    });
    // The paper's order is shuffled too (papers are drawn and ordered per pupil).
    for (let i = paper.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [paper[i], paper[j]] = [paper[j], paper[i]];
    }
    let clock = opening + rand() * 60_000;
    const saved = new Map();
    const responses = paper.map((q) => {
      clock += 50_000 * pace * Math.exp(normal(rand) * 0.5);
      const choice = answer(theta, q);
      saved.set(q.questionId, clock);
      return ownResponse(q, choice, clock);
    });
    times.push(saved);
    attempts.push({ pupil, school: Math.floor((pupil * schools) / pupils), responses });
  }

  /** A response as saved: first another choice now and then, changed within a minute. */
  function ownResponse(/** @type {ModelQuestion} */ q, /** @type {number | null} */ choice, /** @type {number} */ at) {
    if (choice === null) return { questionId: q.questionId, choiceId: null, correct: false, savedAt: null, sequence: [] };
    const sequence = rand() < 0.08 ? [q.choices.filter((c) => c !== choice)[Math.floor(rand() * 3)], choice] : [choice];
    const savedAt = sequence.length > 1 ? at + 5_000 + rand() * 55_000 : at;
    return { questionId: q.questionId, choiceId: choice, correct: choice === q.choices[q.correct], savedAt, sequence };
  }

  // Plant copiers: disjoint pairs inside schools, the copier copying from the source.
  /** @type {Planted[]} */
  const planted = [];
  const used = new Set();
  const perSchool = Math.ceil(pupils / schools);
  for (const { rate, together, pairs } of plant) {
    for (let k = 0; k < pairs; k++) {
      let source;
      let copier;
      do {
        const school = Math.floor(rand() * schools);
        const first = Math.floor((school * pupils) / schools);
        source = first + Math.floor(rand() * perSchool);
        copier = first + Math.floor(rand() * perSchool);
      } while (
        source === copier ||
        source >= pupils ||
        copier >= pupils ||
        used.has(source) ||
        used.has(copier) ||
        attempts[source].school !== attempts[copier].school
      );
      used.add(source);
      used.add(copier);
      planted.push({ copier, source, rate, together });
      const sourceResponses = new Map(attempts[source].responses.map((r) => [r.questionId, r]));
      attempts[copier].responses = attempts[copier].responses.map((r) => {
        const from = sourceResponses.get(r.questionId);
        if (!from || from.choiceId === null || rand() >= rate) return r;
        const q = bank[r.questionId - 1];
        if (together && from.savedAt !== null) {
          return {
            ...r,
            choiceId: from.choiceId,
            correct: from.correct,
            savedAt: from.savedAt + 2_000 + rand() * 13_000,
            sequence: [from.choiceId],
          };
        }
        return ownResponse(q, from.choiceId, /** @type {number} */ (times[copier].get(r.questionId)));
      });
    }
  }
  return { bank, attempts, planted };
}

// @ts-check
// Writes a modelled olympiad (./collusion-model.mjs) into the database as the product keeps a real
// one: schools, pupils, ended attempts with their papers and scores, and every save of every answer
// (answer_events), so that the screening job reads it exactly as it reads a real test. Statements
// are plain SQL text with their data inlined as JSON (dollar-quoted): `run` may be postgres.js's
// `sql.unsafe` (the benchmark) or drizzle's `db.execute(sql.raw(…))` (the tests).

/**
 * @typedef {{ id: number, difficulty: 1 | 2 | 3, choices: number[], correct: number }} RealQuestion
 * @typedef {import("./collusion-model.mjs").ModelAttempt} ModelAttempt
 */

/** JSON as an SQL literal: dollar-quoted, so nothing in it needs escaping. */
const json = (/** @type {unknown} */ value) => `$json$${JSON.stringify(value)}$json$::json`;

/**
 * @param {(statement: string) => Promise<unknown>} run
 * @param {{ testId: number, subjectId: number, grade: number, districtId: number, regionId: number, tag: string,
 *           questions: RealQuestion[], bank: import("./collusion-model.mjs").ModelQuestion[], attempts: ModelAttempt[],
 *           schools: number, points: { 1: number, 2: number, 3: number }, opening: number, durationMinutes: number }} olympiad
 * @returns {Promise<void>}
 */
export async function seedModelOlympiad(run, olympiad) {
  const { testId, subjectId, grade, districtId, regionId, tag, questions, bank, attempts, schools, points, opening, durationMinutes } =
    olympiad;
  // The model's questions onto the test's own: the same difficulty, in order; its choices onto
  // theirs with the correct one kept correct.
  /** @type {Map<number, { id: number, choices: Map<number, number> }>} */
  const real = new Map();
  for (const difficulty of /** @type {const} */ ([1, 2, 3])) {
    const mine = bank.filter((q) => q.difficulty === difficulty);
    const theirs = questions.filter((q) => q.difficulty === difficulty);
    if (theirs.length < mine.length)
      throw new Error(`the test's bank has ${theirs.length} questions of difficulty ${difficulty}, the model ${mine.length}`);
    mine.forEach((q, i) => {
      const target = theirs[i];
      const wrongTheirs = target.choices.filter((_, k) => k !== target.correct);
      const wrongMine = q.choices.filter((_, k) => k !== q.correct);
      const choices = new Map([
        [q.choices[q.correct], target.choices[target.correct]],
        ...wrongMine.map((c, k) => /** @type {[number, number]} */ ([c, wrongTheirs[k]])),
      ]);
      real.set(q.questionId, { id: target.id, choices });
    });
  }
  const choiceOf = (/** @type {number} */ questionId, /** @type {number | null} */ choiceId) =>
    choiceId === null ? null : /** @type {number} */ (real.get(questionId)?.choices.get(choiceId));

  await run(`insert into organizations (district_id, name)
             select ${districtId}, '${tag} maktab ' || g from generate_series(0, ${schools - 1}) g`);
  await run(`insert into users (first_name, last_name, region_id, district_id, organization_id, grade, subject_id, username)
             select 'Pupil' || p.i, '${tag}', ${regionId}, ${districtId}, o.id, ${grade}, ${subjectId}, '${tag}-' || p.i
             from json_to_recordset(${json(attempts.map((a) => ({ i: a.pupil, school: a.school })))}) as p(i int, school int)
             join organizations o on o.district_id = ${districtId} and o.name = '${tag} maktab ' || p.school`);

  const attemptRows = attempts.map((a) => {
    const saves = a.responses.flatMap((r) => (r.savedAt === null ? [] : [r.savedAt]));
    const started = opening + 1_000;
    const ended = Math.max(started + 60_000, ...saves) + 5_000;
    const scores = { 1: 0, 2: 0, 3: 0 };
    for (const r of a.responses) if (r.correct) scores[bank[r.questionId - 1].difficulty] += points[bank[r.questionId - 1].difficulty];
    return { i: a.pupil, started, ended, easy: scores[1], medium: scores[2], hard: scores[3] };
  });
  await run(`insert into attempts (user_id, test_id, started_at, deadline_at, ended_at, ended_by, easy_score_tenths, medium_score_tenths, hard_score_tenths)
             select u.id, ${testId}, to_timestamp(a.started / 1000.0), to_timestamp(a.started / 1000.0) + make_interval(mins => ${durationMinutes}),
                    to_timestamp(a.ended / 1000.0), 1, a.easy, a.medium, a.hard
             from json_to_recordset(${json(attemptRows)}) as a(i int, started float8, ended float8, easy int, medium int, hard int)
             join users u on u.username = '${tag}-' || a.i`);

  // Papers and saves, a thousand pupils a statement: one statement's data stays a few megabytes.
  for (let from = 0; from < attempts.length; from += 1000) {
    const slice = attempts.slice(from, from + 1000);
    const paper = slice.flatMap((a) =>
      a.responses.map((r, n) => {
        const q = /** @type {{ id: number, choices: Map<number, number> }} */ (real.get(r.questionId));
        return { i: a.pupil, n: n + 1, q: q.id, order: [...q.choices.values()], answer: choiceOf(r.questionId, r.choiceId), at: r.savedAt };
      }),
    );
    await run(`insert into attempt_questions (attempt_id, question_id, number, choice_order, answer_choice_id, answered_at)
               select a.id, p.q, p.n, array(select json_array_elements_text(p.order)::int), p.answer,
                      case when p.at is null then null else to_timestamp(p.at / 1000.0) end
               from json_to_recordset(${json(paper)}) as p(i int, n int, q int, "order" json, answer int, at float8)
               join users u on u.username = '${tag}-' || p.i
               join attempts a on a.user_id = u.id and a.test_id = ${testId}`);
    // Every save: a changed answer's first choice a little before its final one.
    const saves = slice.flatMap((a) =>
      a.responses.flatMap((r) => {
        if (r.savedAt === null) return [];
        const q = /** @type {{ id: number }} */ (real.get(r.questionId));
        return r.sequence.map((choice, k) => ({
          i: a.pupil,
          q: q.id,
          choice: choiceOf(r.questionId, choice),
          at: /** @type {number} */ (r.savedAt) - (r.sequence.length - 1 - k) * 20_000,
        }));
      }),
    );
    await run(`insert into answer_events (attempt_id, question_id, choice_id, received_at)
               select a.id, e.q, e.choice, to_timestamp(e.at / 1000.0)
               from json_to_recordset(${json(saves)}) as e(i int, q int, choice int, at float8)
               join users u on u.username = '${tag}-' || e.i
               join attempts a on a.user_id = u.id and a.test_id = ${testId}`);
  }
}

/** The test's questions as seedModelOlympiad maps onto them: by difficulty, each with its choices and the correct one. */
export const questionsOfTestSql = (/** @type {number} */ subjectId) => `
  select q.id, q.difficulty, json_agg(c.id order by c.id) as choices,
         (array_position(array_agg(c.is_correct order by c.id), true) - 1) as correct
  from questions q join question_choices c on c.question_id = q.id
  where q.subject_id = ${subjectId} and q.retired_at is null
  group by q.id order by q.difficulty, q.id`;

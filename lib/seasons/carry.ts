// The next season from this one: each test's settings with dates a year on, and the bank carried
// over as copies. An item earlier pupils saw with its key is exposed (seen_by > 0): papers leave it
// out unless the organiser keeps it on purpose. The story is in docs/seasons.md.
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { questions, subjects, tests } from "@/db/schema";
import { anyAttempt, olympiadSubjectSql } from "@/lib/attempts/counting";
import { type Database, db, selectRows, type Transaction } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { type Difficulty, STUDY_LANGUAGES } from "@/shared/attempts/enums";
import { countOf, DIFFICULTIES } from "@/shared/attempts/scoring";
import { ErrorCode } from "@/shared/http/contract";
import { type BankExposure, type ShortCell, shortCells } from "@/shared/seasons/exposure";
import { inSeason } from "./period";

/**
 * How many pupils saw each item of a season with its key: the attempts of a closed test, or an
 * ended attempt where the key shows at its end. Rows `question_id, n`.
 */
const seenInSeason = (seasonId: number) => sql`
  select aq.question_id, count(distinct a.user_id)::int as n
  from attempt_questions aq
  join attempts a on a.id = aq.attempt_id
  join tests t on t.id = a.test_id
  join subjects s on s.id = t.subject_id
  where ${inSeason(seasonId, sql.raw("s.season_id"))} and ${anyAttempt()}
    and (t.closed_at <= now() or (t.review_policy = 'afterEnd' and a.ended_at is not null))
  group by aq.question_id`;

/** The items a carry takes: in the bank (not retired, not voided), of an olympiad subject. */
const carriedSql = sql`q.retired_at is null and q.void_awards is null`;

const countRow = z.object({ subjectId: z.number(), language: z.string(), difficulty: z.number(), fresh: z.number(), exposed: z.number() });

/** Per olympiad subject of the season: its test's counts and its bank's fresh and exposed items per language and difficulty. */
export async function bankExposure(seasonId: number, runner: Database | Transaction = db): Promise<BankExposure[]> {
  const layout = await runner
    .select({ subjectId: subjects.id, name: subjects.name, grade: subjects.grade, test: tests })
    .from(subjects)
    .leftJoin(tests, and(eq(tests.subjectId, subjects.id), eq(tests.stage, 1)))
    .where(and(inSeason(seasonId), olympiadSubjectSql()))
    .orderBy(asc(subjects.grade), asc(subjects.name));
  const counts = await selectRows(
    countRow,
    runner,
    sql`with seen as (${seenInSeason(seasonId)})
      select q.subject_id as "subjectId", l.language, q.difficulty::int as difficulty,
             (count(*) filter (where q.seen_by + coalesce(seen.n, 0) = 0))::int as fresh,
             (count(*) filter (where q.seen_by + coalesce(seen.n, 0) > 0))::int as exposed
      from questions q
      join subjects s on s.id = q.subject_id
      cross join unnest(${sql.raw(`array[${STUDY_LANGUAGES.map((l) => `'${l}'`).join(", ")}]`)}::text[]) as l(language)
      left join seen on seen.question_id = q.id
      where ${inSeason(seasonId, sql.raw("s.season_id"))} and ${carriedSql} and jsonb_exists(q.texts, l.language)
      group by q.subject_id, l.language, q.difficulty`,
  );
  return layout.map(({ subjectId, name, grade, test }) => ({
    subjectId,
    name,
    grade,
    needed: test ? DIFFICULTIES.map(({ difficulty }) => countOf(test, difficulty)) : null,
    languages: STUDY_LANGUAGES.flatMap((language) => {
      const mine = counts.filter((c) => c.subjectId === subjectId && c.language === String(language));
      if (mine.length === 0) return [];
      const cell = (difficulty: Difficulty) => mine.find((c) => c.difficulty === difficulty) ?? { fresh: 0, exposed: 0 };
      return [
        { language, items: DIFFICULTIES.map(({ difficulty }) => ({ fresh: cell(difficulty).fresh, exposed: cell(difficulty).exposed })) },
      ];
    }),
  }));
}

/** The refusal of a carry whose fresh items cannot fill a test, naming each place, in the organiser's language. */
function freshShort(short: ShortCell[]): AppError {
  const texts = callOrganiserMessages();
  const places = short.map((cell) =>
    texts.seasons.shortCell({
      subject: `${cell.grade}-${texts.seasons.gradeShort} ${cell.name}`,
      language: texts.questions.languageNames[cell.language],
      difficulty: texts.questions.difficultyOf[cell.difficulty],
      fresh: cell.fresh,
      needed: cell.needed,
    }),
  );
  return new AppError(400, ErrorCode.FreshItemsShort, texts.seasons.freshShort({ places: places.join("; ") }));
}

export type Carried = { tests: number; questions: number; exposed: number; kept: number };

/**
 * Into the new season `to` from `from`: the grade × subject layout, every test's settings with its
 * dates `years` on and a new PIN, and the bank's items, their passages and choices as copies that
 * remember how many saw them. Refused (4020) where fresh items cannot fill a test, unless
 * `useExposed`: then the fewest-seen exposed items fill the gap, kept on purpose.
 */
export async function carryOver(
  tx: Transaction,
  { from, to, years, useExposed }: { from: number; to: number; years: number; useExposed: boolean },
): Promise<Carried> {
  const short = (await bankExposure(from, tx)).flatMap(shortCells);
  if (short.length > 0 && !useExposed) throw freshShort(short);
  await tx.execute(sql`
    insert into ${subjects} (season_id, name, grade)
    select ${to}, s.name, s.grade from ${subjects} s
    where ${inSeason(from, sql.raw("s.season_id"))} and ${olympiadSubjectSql(sql.raw("s.rehearsal"))}
    order by s.id`);
  // The new season's subject of an old one: the same name and grade.
  const pairs = sql`pairs as (
    select os.id as old_id, ns.id as new_id from subjects os
    join subjects ns on ${inSeason(to, sql.raw("ns.season_id"))} and ns.name = os.name and ns.grade = os.grade
    where ${inSeason(from, sql.raw("os.season_id"))} and ${olympiadSubjectSql(sql.raw("os.rehearsal"))})`;
  const idRow = z.object({ id: z.number() });
  const carriedTests = await selectRows(
    idRow,
    tx,
    sql`
    insert into tests (subject_id, stage, opened_at, closed_at, duration_minutes, pin_code, easy_count, medium_count, hard_count,
                       easy_points_tenths, medium_points_tenths, hard_points_tenths, review_policy, check_in_minutes)
    select ns.id, t.stage, t.opened_at + make_interval(years => ${years}), t.closed_at + make_interval(years => ${years}),
           t.duration_minutes, lpad(floor(random() * 1000000)::int::text, 6, '0'), t.easy_count, t.medium_count, t.hard_count,
           t.easy_points_tenths, t.medium_points_tenths, t.hard_points_tenths, t.review_policy, t.check_in_minutes
    from tests t
    join subjects os on os.id = t.subject_id
    join subjects ns on ${inSeason(to, sql.raw("ns.season_id"))} and ns.name = os.name and ns.grade = os.grade
    where ${inSeason(from, sql.raw("os.season_id"))} and ${olympiadSubjectSql(sql.raw("os.rehearsal"))}
    order by t.id
    returning id`,
  );
  await tx.execute(sql`
    with ${pairs}
    insert into reading_texts (subject_id, texts, carried_from)
    select p.new_id, r.texts, r.id
    from reading_texts r join pairs p on p.old_id = r.subject_id
    where exists (select 1 from questions q where q.reading_text_id = r.id and ${carriedSql})
    order by r.id`);
  const carried = await selectRows(
    z.object({ seenBy: z.number() }),
    tx,
    sql`with ${pairs}, seen as (${seenInSeason(from)})
      insert into questions (subject_id, difficulty, texts, reading_text_id, carried_from, seen_by)
      select p.new_id, q.difficulty, q.texts, nr.id, q.id, q.seen_by + coalesce(seen.n, 0)
      from questions q join pairs p on p.old_id = q.subject_id
      left join seen on seen.question_id = q.id
      left join reading_texts nr on nr.carried_from = q.reading_text_id and nr.subject_id = p.new_id
      where ${carriedSql}
      order by q.id
      returning seen_by as "seenBy"`,
  );
  // Choices in a shuffled order, as an import stores them: their ids say nothing of which is correct.
  await tx.execute(sql`
    insert into question_choices (question_id, texts, is_correct, position)
    select nq.id, c.texts, c.is_correct, c.position
    from question_choices c
    join questions nq on nq.carried_from = c.question_id
    join subjects s on s.id = nq.subject_id and ${inSeason(to, sql.raw("s.season_id"))}
    order by random()`);
  let kept = 0;
  for (const cell of short) {
    const language = String(cell.language);
    const [subject] = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(inSeason(to), olympiadSubjectSql(), eq(subjects.name, cell.name), eq(subjects.grade, cell.grade)));
    const inCell = and(
      eq(questions.subjectId, subject.id),
      eq(questions.difficulty, cell.difficulty),
      sql`jsonb_exists(${questions.texts}, ${language})`,
    );
    // Kept already for another language of the same item counts here too.
    const [{ already }] = await tx
      .select({ already: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(inCell, eq(questions.keptExposed, true)));
    const wanted = cell.needed - cell.fresh - Number(already);
    if (wanted <= 0) continue;
    const marked = await selectRows(
      idRow,
      tx,
      sql`
      update questions set kept_exposed = true
      where id in (select id from questions where ${inCell} and seen_by > 0 and not kept_exposed order by seen_by, id limit ${wanted})
      returning id`,
    );
    kept += marked.length;
  }
  return {
    tests: carriedTests.length,
    questions: carried.length,
    exposed: carried.filter((q) => q.seenBy > 0).length,
    kept,
  };
}

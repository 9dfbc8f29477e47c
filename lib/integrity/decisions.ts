// What the organiser sees of a test's screening and decides about it: the listed pairs, strongest
// first; one pair's evidence sheet; and the decision, with its reason. Voiding is the organiser's
// act alone and is audited; it takes the attempt out of everything that counts (the ranking, its
// published hash, the certificate: lib/attempts/counting.ts attemptCounts) and the pupil's result
// says so. Pupils never see a flag.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { screeningDecisions } from "@/db/schema";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, reportDb, selectRows } from "@/lib/db/client";
import { built } from "@/lib/db/rows";
import { notFound } from "@/lib/http/errors";
import { allResults, type ResultRow } from "@/lib/results/ranking";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import type { PairEvidence } from "@/lib/statistics/similarity";
import { type LanguageTexts, type StudyLanguage, textOrFirst } from "@/shared/attempts/enums";
import { DECISIONS, type Decision, type DecisionInput } from "@/shared/integrity/schema";
import { answerSaves, listedEvidence, sharedAccess, sharedQuestions } from "./evidence-reads";

/** The advisory lock class of a test's screening decisions (the test id is the second key). */
const DECISION_LOCK = 7303;

export type ScreeningRun = {
  screeningId: number;
  trigger: string;
  ranAt: string;
  options: Record<string, number>;
  attempts: number;
  pairs: number;
  tested: number;
  listed: number;
  cpuMs: number;
};

/** A pupil of a pair as the console shows it: the ranking's row (name, school, score, rank or why unranked). */
export type PairPupil = Pick<
  ResultRow,
  "attemptId" | "userId" | "fullName" | "username" | "schoolName" | "districtName" | "totalScore" | "rank" | "excluded"
>;

export type PairDecision = { decision: Decision; reason: string; decidedAt: string; organiser: string };

export type ListedPair = { evidence: PairEvidence; a: PairPupil | null; b: PairPupil | null; decision: PairDecision | null };

const pupilOf = (row: ResultRow | undefined): PairPupil | null =>
  row
    ? {
        attemptId: row.attemptId,
        userId: row.userId,
        fullName: row.fullName,
        username: row.username,
        schoolName: row.schoolName,
        districtName: row.districtName,
        totalScore: row.totalScore,
        rank: row.rank,
        excluded: row.excluded,
      }
    : null;

/** The newest decision of each of these pairs, by "a-b". */
async function decisionsOf(pairs: { attemptA: number; attemptB: number }[]): Promise<Map<string, PairDecision>> {
  if (pairs.length === 0) return new Map();
  const rows = await selectRows(
    z.object({
      attemptA: z.number(),
      attemptB: z.number(),
      decision: z.enum(DECISIONS),
      reason: z.string(),
      decidedAt: z.string(),
      organiser: z.string(),
    }),
    reportDb,
    sql`
      select distinct on (d.attempt_a, d.attempt_b) d.attempt_a as "attemptA", d.attempt_b as "attemptB", d.decision, d.reason,
             to_json(d.decided_at)#>>'{}' as "decidedAt", u.username as organiser
      from screening_decisions d join users u on u.id = d.organiser_id
      where (d.attempt_a, d.attempt_b) in (select * from unnest(${`{${pairs.map((p) => p.attemptA).join(",")}}`}::int[],
                                                                ${`{${pairs.map((p) => p.attemptB).join(",")}}`}::int[]))
      order by d.attempt_a, d.attempt_b, d.decided_at desc, d.id desc`,
  );
  return new Map(rows.map(({ attemptA, attemptB, ...decision }) => [`${attemptA}-${attemptB}`, decision]));
}

/** The test's newest screening run, if any. */
async function newestRun(testId: number): Promise<ScreeningRun | null> {
  const [run] = await selectRows(
    z.object({
      screeningId: z.number(),
      trigger: z.string(),
      ranAt: z.string(),
      options: built<Record<string, number>>(),
      attempts: z.number(),
      pairs: z.number(),
      tested: z.number(),
      listed: z.number(),
      cpuMs: z.number(),
    }),
    reportDb,
    sql`select id as "screeningId", trigger, to_json(ran_at)#>>'{}' as "ranAt", options, attempts, pairs, tested, listed, cpu_ms as "cpuMs"
        from screenings where test_id = ${testId} order by ran_at desc, id desc limit 1`,
  );
  return run ?? null;
}

/**
 * The pairs shown with the newest run (all, or the one asked for), each with both pupils as the
 * ranking has them and the newest decision. The newest run's pairs, strongest first; then every
 * pair decided on before that this run no longer lists (a voided attempt is not screened again),
 * with the evidence of the last run that listed it: a decision stays where it can be read and changed.
 */
async function listedPairs(testId: number, run: ScreeningRun, only?: { attemptA: number; attemptB: number }): Promise<ListedPair[]> {
  const listed = await listedEvidence(testId, run.screeningId, only);
  if (listed.length === 0) return [];
  // Only the listed pupils' rows: ranked among the whole test, but not all sent back.
  const attemptIds = [...new Set(listed.flatMap(({ evidence }) => [evidence.attemptA, evidence.attemptB]))];
  const rows = new Map((await allResults({ testId, attemptIds }, reportDb)).map((r) => [r.attemptId, r]));
  const decisions = await decisionsOf(listed.map((p) => p.evidence));
  return listed.map(({ evidence }) => ({
    evidence,
    a: pupilOf(rows.get(evidence.attemptA)),
    b: pupilOf(rows.get(evidence.attemptB)),
    decision: decisions.get(`${evidence.attemptA}-${evidence.attemptB}`) ?? null,
  }));
}

/** The test's newest screening and the pairs it shows, strongest first; null run when never screened. */
export async function screeningOf(testId: number): Promise<{ run: ScreeningRun | null; pairs: ListedPair[] }> {
  const run = await newestRun(testId);
  return run ? { run, pairs: await listedPairs(testId, run) } : { run: null, pairs: [] };
}

export type SheetQuestion = {
  questionId: number;
  text: string;
  /** Each pupil's number for it on their own paper, and their final choice: its text (in the pupil's language) and its letter in the bank (A = 0). */
  a: { number: number; choice: string | null; letter: number | null; correct: boolean };
  b: { number: number; choice: string | null; letter: number | null; correct: boolean };
  match: boolean;
  identicalWrong: boolean;
};

/** One save of an answer: when the server received it (ms from the test's opening), and which question. */
export type SheetSave = { at: number; questionId: number; choiceLetter: number | null };

export type EvidenceSheet = {
  testId: number;
  /** The options of the screening that listed the pair (its false discovery rate). */
  options: Record<string, number>;
  pair: ListedPair;
  questions: SheetQuestion[];
  timelines: { a: SheetSave[]; b: SheetSave[] };
  /**
   * Whether the matching answers were saved in the same order: of every two matching answers, in
   * how many both pupils saved them one way round (Kendall's concordant pairs), out of how many.
   */
  order: { same: number; pairs: number };
  overlaps: { devices: number; addresses: string[] };
};

/** Kendall's concordant pairs of the two pupils' final saves of their matching answers. */
export function saveOrder(matching: number[], a: SheetSave[], b: SheetSave[]): { same: number; pairs: number } {
  const last = (saves: SheetSave[]) => new Map(saves.map((s) => [s.questionId, s.at]));
  const [atA, atB] = [last(a), last(b)];
  const both = matching.filter((q) => atA.has(q) && atB.has(q));
  let same = 0;
  let pairs = 0;
  for (let i = 0; i < both.length; i++) {
    for (let j = i + 1; j < both.length; j++) {
      const da = (atA.get(both[i]) as number) - (atA.get(both[j]) as number);
      const db = (atB.get(both[i]) as number) - (atB.get(both[j]) as number);
      if (da === 0 || db === 0) continue;
      pairs++;
      if (Math.sign(da) === Math.sign(db)) same++;
    }
  }
  return { same, pairs };
}

/** One pair's evidence sheet, from the newest screening that listed it. */
export async function evidenceSheet(testId: number, attemptA: number, attemptB: number): Promise<EvidenceSheet> {
  const run = await newestRun(testId);
  const [pair] = run ? await listedPairs(testId, run, { attemptA, attemptB }) : [];
  if (!run || !pair) throw notFound();
  const rows = await sharedQuestions(attemptA, attemptB);
  // Each in the language the pupil was given it in (the question in A's).
  const inLanguage = (texts: LanguageTexts | null, language: StudyLanguage) => (texts ? textOrFirst(texts, language) : null);
  const questions: SheetQuestion[] = rows.map((r) => ({
    questionId: r.questionId,
    text: inLanguage(r.texts, r.aLanguage) ?? "",
    a: { number: r.aNumber, choice: inLanguage(r.aTexts, r.aLanguage), letter: r.aLetter, correct: r.aCorrect },
    b: { number: r.bNumber, choice: inLanguage(r.bTexts, r.bLanguage), letter: r.bLetter, correct: r.bCorrect },
    match: r.aChoice === r.bChoice,
    identicalWrong: r.aChoice !== null && r.aChoice === r.bChoice && !r.aCorrect,
  }));
  const saves = await answerSaves(attemptA, attemptB);
  const overlap = await sharedAccess(attemptA, attemptB);
  const timelines = {
    a: saves.filter((s) => s.attemptId === attemptA).map(({ attemptId: _, ...s }) => s),
    b: saves.filter((s) => s.attemptId === attemptB).map(({ attemptId: _, ...s }) => s),
  };
  return {
    testId,
    options: run.options,
    pair,
    questions,
    timelines,
    order: saveOrder(
      questions.filter((q) => q.match && q.a.choice !== null).map((q) => q.questionId),
      timelines.a,
      timelines.b,
    ),
    overlaps: { devices: overlap?.devices ?? 0, addresses: overlap?.addresses ?? [] },
  };
}

/**
 * Records the organiser's decision about a listed pair, and sets each of its two attempts voided
 * or not by the newest decision of every pair it is in: a later "no action" undoes this pair's
 * void, never another pair's. Audited in the same transaction. The decision is stamped by the
 * database's clock once the test's lock is held, so of decisions made at once the last committed
 * is the newest, the one in force (a stamp taken on arrival could be older than one committed before it).
 */
export async function decide({ organiserId, input }: { organiserId: number; input: DecisionInput }) {
  const { attemptA, attemptB, decision, reason } = input;
  return db.transaction(async (tx) => {
    const [listed] = await selectRows(
      z.object({ testId: z.number() }),
      tx,
      sql`select s.test_id as "testId" from screening_pairs p join screenings s on s.id = p.screening_id
          where p.attempt_a = ${attemptA} and p.attempt_b = ${attemptB} limit 1`,
    );
    if (!listed) throw notFound();
    await assertSeasonOpen(tx, { testId: listed.testId });
    // One decision of a test at a time: two decisions about pairs sharing an attempt must each see
    // the other's before setting the attempt's void.
    await tx.execute(sql`select pg_advisory_xact_lock(${DECISION_LOCK}, ${listed.testId})`);
    const [{ decidedAt }] = await tx
      .insert(screeningDecisions)
      .values({ attemptA, attemptB, decision, reason, organiserId, decidedAt: sql`clock_timestamp()` })
      .returning({ decidedAt: screeningDecisions.decidedAt });
    const changed = await selectRows(
      z.object({ id: z.number(), voided: z.boolean() }),
      tx,
      sql`
        with newest as (
          select distinct on (attempt_a, attempt_b) attempt_a, attempt_b, decision from screening_decisions
          where attempt_a in (${attemptA}, ${attemptB}) or attempt_b in (${attemptA}, ${attemptB})
          order by attempt_a, attempt_b, decided_at desc, id desc),
        voiding as (
          select attempt_a as id from newest where decision in ('voidA', 'voidBoth')
          union select attempt_b from newest where decision in ('voidB', 'voidBoth'))
        update attempts set voided_at = case when attempts.id in (select id from voiding) then coalesce(attempts.voided_at, ${decidedAt.toISOString()}::timestamptz) end
        where attempts.id in (${attemptA}, ${attemptB})
          and (attempts.voided_at is null) = (attempts.id in (select id from voiding))
        returning attempts.id, attempts.voided_at is not null as voided`,
    );
    await recordAction(tx, {
      organiserId,
      action: AuditAction.ScreeningDecision,
      targetType: "test",
      targetId: listed.testId,
      reason,
      details: {
        attemptA,
        attemptB,
        decision,
        voided: changed.filter((c) => c.voided).map((c) => c.id),
        restored: changed.filter((c) => !c.voided).map((c) => c.id),
      },
    });
    return { decision, changed };
  });
}

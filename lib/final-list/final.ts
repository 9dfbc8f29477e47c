// Where a test's second-stage list stands, and its final version: provisional from the close, final
// once the organiser finalises it (./finalise.ts). The final list is kept as it was finalised
// (final_lists): the district protocol, the public check of its hash, the pupil's "second stage"
// line and the chat-bot read it, never a ranking made again; the public check of an older hash says
// it was replaced, when and why.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { countingAttempt, currentAttempt, olympiadTests } from "@/lib/attempts/counting";
import { type Database, db, selectRows, type Transaction } from "@/lib/db/client";
import { built, when } from "@/lib/db/rows";
import { allResults } from "@/lib/results/ranking";
import { type Covered, coveredTests } from "@/lib/results/ranking-sql";
import { dataHash, topData } from "@/lib/results/tables";
import { appealPhase, appealsCloseAt } from "@/lib/subject-tests/appeals-deadline";
import type { AppealPhase, ListState } from "@/shared/appeals/schema";
import { announcedMinute, listIsPublic, listPublicSql } from "./public";

/** One pupil of a final list, as the protocol prints and the public check shows them. */
export type FinalRow = {
  rank: number;
  userId: number;
  fullName: string;
  schoolName: string | null;
  districtId: number | null;
  districtName: string | null;
  regionId: number | null;
  regionName: string | null;
  totalScore: number;
  tieAtCut: { rank: number; pupils: number } | null;
};

/** A district of a final list: how many of its pupils took part (ranked). */
export type FinalDistrict = {
  districtId: number | null;
  districtName: string | null;
  regionId: number | null;
  regionName: string | null;
  took: number;
};

/** A pupil ranked after a district's list: the reserve a freed place passes to (no name: never shown publicly). */
export type FinalReserve = { userId: number; rank: number; districtId: number | null };

/** `reserves`: absent from lists finalised before invitations existed. */
export type FinalRows = { rows: FinalRow[]; districts: FinalDistrict[]; reserves?: FinalReserve[] };

export type FinalList = {
  testId: number;
  version: number;
  topHash: string;
  finalisedAt: Date;
  reason: string | null;
  ranked: number;
  appeals: number;
};

export type ListStatus = {
  state: ListState;
  /** The close while provisional; the finalisation once final. */
  since: Date;
  closedAt: Date;
  appealsCloseAt: Date;
  /** Set by the organiser for this test (else the national rule). */
  ownAppealsClose: boolean;
  /** Before the test's close, open until appealsCloseAt, then over. */
  appealPhase: AppealPhase;
  appealsOpen: boolean;
  /** The appeals of current attempts (a voided one's too), and how many of them have no decision yet. */
  appeals: number;
  pending: number;
  /** The latest final version, if any. */
  final: FinalList | null;
  /** The list's minute the organiser set (tests.results_at); null: public from its finalisation. */
  resultsAt: Date | null;
  /** Whether families, pupils, the public check and the chat-bot see the final list now (./public.ts). */
  public: boolean;
};

const statusRow = z.object({
  closedAt: when,
  ownClose: when.nullable(),
  resultsAt: when.nullable(),
  appeals: z.number(),
  pending: z.number(),
  version: z.number().nullable(),
  topHash: z.string().nullable(),
  finalisedAt: when.nullable(),
  reason: z.string().nullable(),
  ranked: z.number().nullable(),
  finalAppeals: z.number().nullable(),
});

/** Where the test's list stands at `now`; null when there is no such test. */
export async function listStatus(runner: Database | Transaction, testId: number, now: Date): Promise<ListStatus | null> {
  const [row] = await selectRows(
    statusRow,
    runner,
    sql`
      select t.closed_at as "closedAt", t.appeals_close_at as "ownClose", t.results_at as "resultsAt",
             (select count(*)::int from appeals ap join attempts a on a.id = ap.attempt_id and ${currentAttempt("a")}
               where ap.test_id = t.id) as appeals,
             (select count(*)::int from appeals ap join attempts a on a.id = ap.attempt_id and ${currentAttempt("a")}
               where ap.test_id = t.id and ap.decision_id is null) as pending,
             f.version, f.top_hash as "topHash", f.finalised_at as "finalisedAt", f.reason, f.ranked, f.appeals as "finalAppeals"
      from tests t
      left join lateral (select * from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
      where t.id = ${testId}`,
  );
  if (!row) return null;
  const closedAt = new Date(row.closedAt);
  const closes = appealsCloseAt({ closedAt, appealsCloseAt: row.ownClose === null ? null : new Date(row.ownClose) });
  const phase = appealPhase({ closedAt, closesAt: closes }, now);
  const final: FinalList | null =
    row.version === null
      ? null
      : {
          testId,
          version: row.version,
          topHash: row.topHash ?? "",
          finalisedAt: new Date(row.finalisedAt ?? 0),
          reason: row.reason,
          ranked: row.ranked ?? 0,
          appeals: row.finalAppeals ?? 0,
        };
  const resultsAt = row.resultsAt === null ? null : new Date(row.resultsAt);
  return {
    state: final ? "final" : "provisional",
    since: final ? final.finalisedAt : closedAt,
    closedAt,
    appealsCloseAt: closes,
    ownAppealsClose: row.ownClose !== null,
    appealPhase: phase,
    appealsOpen: phase === "open",
    appeals: row.appeals,
    pending: row.pending,
    final,
    resultsAt,
    public: listIsPublic({ finalisedAt: final?.finalisedAt ?? null, resultsAt }, now),
  };
}

/**
 * Whether one test's list, or every olympiad test's of a season (no testId), is final, and since when:
 * the latest close while any is provisional, the latest finalisation once all are final. For files.
 * One test's list is final only while it is still the list finalised: a regrade after the
 * finalisation makes it provisional again (since then) until it is finalised again.
 */
export async function listState(runner: Database | Transaction, covered: Covered): Promise<{ state: ListState; since: Date }> {
  const { testId } = covered;
  const [row] = await selectRows(
    z.object({ final: z.boolean().nullable(), finalisedAt: when.nullable(), closedAt: when.nullable(), topHash: z.string().nullable() }),
    runner,
    sql`
      select bool_and(f.finalised_at is not null) as final, max(f.finalised_at) as "finalisedAt", max(t.closed_at) as "closedAt",
             min(f.top_hash) as "topHash"
      from ${olympiadTests("t", "s")}
      left join lateral (select fl.finalised_at, fl.top_hash from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
      where ${coveredTests("t.id", covered)}`,
  );
  if (!row?.final) return { state: "provisional", since: new Date(row?.closedAt ?? 0) };
  if (testId !== undefined && row.topHash !== (await currentTopHash(runner, testId)))
    return { state: "provisional", since: new Date(row.finalisedAt ?? 0) };
  return { state: "final", since: new Date(row.finalisedAt ?? 0) };
}

/** The hash of the test's second-stage list as it ranks now. */
async function currentTopHash(runner: Database | Transaction, testId: number): Promise<string> {
  return dataHash(topData(await allResults({ testId, top: true }, runner)));
}

/** Its row as stored and joined (./final.ts storedFinal): the dates as the driver gives them. */
const storedFinalRow = z.object({
  testId: z.number(),
  version: z.number(),
  topHash: z.string(),
  rows: built<FinalRows>(),
  ranked: z.number(),
  reason: z.string().nullable(),
  grade: z.number(),
  subjectName: z.string(),
  finalisedAt: when,
  openedAt: when,
  resultsAt: when.nullable(),
  replacedAt: when.nullable(),
  replacedBy: z.string().nullable(),
  replacedReason: z.string().nullable(),
});
type StoredFinal = z.infer<typeof storedFinalRow>;

/** A final list as the protocol and the public check read it, with the test it is of and what replaced it. */
export type FinalListRecord = {
  testId: number;
  version: number;
  topHash: string;
  rows: FinalRows;
  ranked: number;
  reason: string | null;
  finalisedAt: Date;
  grade: number;
  subjectName: string;
  /** The test's day (its opening). */
  testedAt: Date;
  /** The list's minute (./public.ts): the public check shows the pupils only from it. */
  resultsAt: Date | null;
  replaced: { at: Date; topHash: string; reason: string | null } | null;
};

const storedFinal = (where: ReturnType<typeof sql>) => sql`
  select fl.test_id as "testId", fl.version, fl.top_hash as "topHash", fl.rows, fl.ranked, fl.reason, fl.finalised_at as "finalisedAt",
         s.grade, s.name as "subjectName", t.opened_at as "openedAt", t.results_at as "resultsAt",
         nx.finalised_at as "replacedAt", nx.top_hash as "replacedBy", nx.reason as "replacedReason"
  from final_lists fl
  join tests t on t.id = fl.test_id
  join subjects s on s.id = t.subject_id
  left join final_lists nx on nx.test_id = fl.test_id and nx.version = fl.version + 1
  where ${where}
  order by fl.version desc
  limit 1`;

function recordOf(row: StoredFinal): FinalListRecord {
  return {
    testId: row.testId,
    version: row.version,
    topHash: row.topHash,
    rows: row.rows,
    ranked: row.ranked,
    reason: row.reason,
    finalisedAt: new Date(row.finalisedAt),
    grade: row.grade,
    subjectName: row.subjectName,
    testedAt: new Date(row.openedAt),
    resultsAt: row.resultsAt === null ? null : new Date(row.resultsAt),
    replaced: row.replacedAt === null ? null : { at: new Date(row.replacedAt), topHash: row.replacedBy ?? "", reason: row.replacedReason },
  };
}

/** The final list with this published hash (its latest version of that hash), or null. */
export async function finalListByHash(hash: string): Promise<FinalListRecord | null> {
  const [row] = await selectRows(storedFinalRow, db, storedFinal(sql`fl.top_hash = ${hash}`));
  return row ? recordOf(row) : null;
}

/** A test's latest final list, or null while it is provisional. */
export async function latestFinalList(testId: number): Promise<FinalListRecord | null> {
  const [row] = await selectRows(storedFinalRow, db, storedFinal(sql`fl.test_id = ${testId}`));
  return row ? recordOf(row) : null;
}

/**
 * Where a pupil stands for the second stage: their test's list, and whether its final version names
 * them. Until the list is public (./public.ts) it reads as provisional, with the minute announced.
 */
export type SecondStage = { testId: number; state: ListState; since: Date; selected: boolean; announcedAt: Date | null };

/** The second stage of the pupil's counting, ended attempt at `now`; null when they have none. */
export async function secondStageOf(userId: number, now: Date): Promise<SecondStage | null> {
  const [row] = await selectRows(
    z.object({
      testId: z.number(),
      closedAt: when,
      resultsAt: when.nullable(),
      finalisedAt: when.nullable(),
      selected: z.boolean().nullable(),
    }),
    db,
    sql`
      select t.id as "testId", t.closed_at as "closedAt", t.results_at as "resultsAt", f.finalised_at as "finalisedAt",
             f.rows -> 'rows' @> ${JSON.stringify([{ userId }])}::jsonb as selected
      from attempts a
      join tests t on t.id = a.test_id
      left join lateral (select * from final_lists fl where fl.test_id = a.test_id order by fl.version desc limit 1) f
        on ${listPublicSql({ finalisedAt: sql`f.finalised_at`, resultsAt: sql`t.results_at` }, now)}
      where a.user_id = ${userId} and a.ended_at is not null and ${countingAttempt("a")}
      order by a.ended_at desc
      limit 1`,
  );
  if (!row) return null;
  const announcedAt = announcedMinute(row.resultsAt === null ? null : new Date(row.resultsAt), now);
  return row.finalisedAt === null
    ? { testId: row.testId, state: "provisional", since: new Date(row.closedAt), selected: false, announcedAt }
    : { testId: row.testId, state: "final", since: new Date(row.finalisedAt), selected: row.selected === true, announcedAt: null };
}

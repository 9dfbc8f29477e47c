// Where a test's second-stage list stands, and its final version: provisional from the close, final
// once the organiser finalises it, which is refused until its appeals have closed and every appeal
// has a decision. The final list is kept as it was finalised (final_lists): the district protocol,
// the public check of its hash, the pupil's "second stage" line and the chat-bot read it, never a
// ranking made again. Finalising it again (a later regrade moved the list) takes a stated reason,
// and the public check of the older hash says it was replaced, when and why.
import "server-only";
import { sql } from "drizzle-orm";
import { finalLists } from "@/db/schema";
import { countingAttempt, currentAttempt, olympiadTests } from "@/lib/attempts/counting";
import { lockKeyToScore } from "@/lib/attempts/scoring-sql";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { type Database, db, selectRows, type Transaction } from "@/lib/db/client";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { allResults, type ResultRow } from "@/lib/results/ranking";
import { resultsState } from "@/lib/results/state";
import { dataHash, topData } from "@/lib/results/tables";
import type { ListState } from "@/shared/appeals/schema";
import { ErrorCode } from "@/shared/http/contract";
import { appealsCloseAt } from "./deadline";

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

export type FinalRows = { rows: FinalRow[]; districts: FinalDistrict[] };

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
  appealsOpen: boolean;
  /** The appeals of current attempts (a voided one's too), and how many of them have no decision yet. */
  appeals: number;
  pending: number;
  /** The latest final version, if any. */
  final: FinalList | null;
};

/** The advisory lock class of a test's list (the test id is the second key). */
const FINAL_LOCK = 7304;

/**
 * An appeal is written under the shared lock of its test's list, a finalisation under the
 * exclusive one: an appeal sent at the deadline's last moment is either seen by the finalisation
 * (which then refuses: undecided) or sees the list final (and is refused), never left undecided
 * behind a final list.
 */
export async function lockListShared(tx: Transaction, testId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${FINAL_LOCK}, ${testId})`);
}

type StatusRow = {
  closedAt: Date | string;
  ownClose: Date | string | null;
  appeals: number;
  pending: number;
  version: number | null;
  topHash: string | null;
  finalisedAt: Date | string | null;
  reason: string | null;
  ranked: number | null;
  finalAppeals: number | null;
};

/** Where the test's list stands at `now`; null when there is no such test. */
export async function listStatus(runner: Database | Transaction, testId: number, now: Date): Promise<ListStatus | null> {
  const [row] = await selectRows<StatusRow>(
    runner,
    sql`
      select t.closed_at as "closedAt", t.appeals_close_at as "ownClose",
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
  return {
    state: final ? "final" : "provisional",
    since: final ? final.finalisedAt : closedAt,
    closedAt,
    appealsCloseAt: closes,
    ownAppealsClose: row.ownClose !== null,
    appealsOpen: now >= closedAt && now <= closes,
    appeals: row.appeals,
    pending: row.pending,
    final,
  };
}

/**
 * Whether one test's list, or every olympiad test's (testId undefined), is final, and since when:
 * the latest close while any is provisional, the latest finalisation once all are final. For files.
 * One test's list is final only while it is still the list finalised: a regrade after the
 * finalisation makes it provisional again (since then) until it is finalised again.
 */
export async function listState(runner: Database | Transaction, testId: number | undefined): Promise<{ state: ListState; since: Date }> {
  const [row] = await selectRows<{
    final: boolean | null;
    finalisedAt: Date | string | null;
    closedAt: Date | string | null;
    topHash: string | null;
  }>(
    runner,
    sql`
      select bool_and(f.finalised_at is not null) as final, max(f.finalised_at) as "finalisedAt", max(t.closed_at) as "closedAt",
             min(f.top_hash) as "topHash"
      from ${olympiadTests("t", "s")}
      left join lateral (select fl.finalised_at, fl.top_hash from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
      ${testId === undefined ? sql`` : sql`where t.id = ${testId}`}`,
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

/** The rows a final list keeps of the ranking: its second-stage pupils, and every district's count of those ranked. */
function finalRowsOf(all: ResultRow[]): FinalRows {
  const districts = new Map<string, FinalDistrict>();
  for (const r of all) {
    if (r.excluded) continue;
    const key = String(r.districtId ?? 0);
    const district = districts.get(key) ?? {
      districtId: r.districtId,
      districtName: r.districtName,
      regionId: r.regionId,
      regionName: r.regionName,
      took: 0,
    };
    district.took++;
    districts.set(key, district);
  }
  return {
    rows: all
      .filter((r) => r.inTop5 && !r.excluded && r.rank !== null)
      .map((r) => ({
        rank: r.rank ?? 0,
        userId: r.userId,
        fullName: r.fullName,
        schoolName: r.schoolName,
        districtId: r.districtId,
        districtName: r.districtName,
        regionId: r.regionId,
        regionName: r.regionName,
        totalScore: r.totalScore,
        tieAtCut: r.tieAtCut,
      })),
    districts: [...districts.values()],
  };
}

/** What the finalisation's confirmation shows: the list as it would be finalised now, its counts and hash. */
export type FinalisePreview = { status: ListStatus; topHash: string; ranked: number; selected: number; ready: boolean };

/** The whole ranking once: the list's rows and counts, and its hash (the second-stage rows are those within the top five, as the files' `top` reads them). */
async function currentList(tx: Transaction, testId: number) {
  const all = await allResults({ testId }, tx);
  return { all, topHash: dataHash(topData(all.filter((r) => r.inTop5))), rows: finalRowsOf(all) };
}

/** Whether the list may be finalised now: appeals closed, each decided, no attempt still answering. */
async function readiness(tx: Transaction, status: ListStatus, testId: number, now: Date): Promise<ErrorCode | null> {
  if (now <= status.appealsCloseAt) return ErrorCode.AppealsOpen;
  if (status.pending > 0) return ErrorCode.AppealsPending;
  if ((await resultsState(tx, testId, now)).provisional) return ErrorCode.AppealsOpen;
  return null;
}

export async function finalisePreview(testId: number, now: Date): Promise<FinalisePreview> {
  return db.transaction(
    async (tx) => {
      const status = await listStatus(tx, testId, now);
      if (!status) throw notFound();
      const { rows, topHash } = await currentList(tx, testId);
      const ranked = rows.districts.reduce((sum, d) => sum + d.took, 0);
      return { status, topHash, ranked, selected: rows.rows.length, ready: (await readiness(tx, status, testId, now)) === null };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Finalises the test's list as the confirmation showed it (its hash): refused while appeals are
 * open or undecided (4015, 4016) or when the list has changed since it was shown (4017). The same
 * list finalised again is the one already final (a second click); a changed one needs a reason.
 */
export async function finalise({
  organiserId,
  testId,
  expectedTopHash,
  reason,
  now,
}: {
  organiserId: number;
  testId: number;
  expectedTopHash: string;
  reason?: string;
  now: Date;
}): Promise<FinalList> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '10s'`);
    await tx.execute(sql`select pg_advisory_xact_lock(${FINAL_LOCK}, ${testId})`);
    // No regrade meanwhile: the list finalised is the list of the key it was scored with.
    await lockKeyToScore(tx, testId);
    const status = await listStatus(tx, testId, now);
    if (!status) throw notFound();
    const notReady = await readiness(tx, status, testId, now);
    if (notReady !== null) throw businessError(notReady);
    const { rows, topHash } = await currentList(tx, testId);
    if (topHash !== expectedTopHash) throw businessError(ErrorCode.ListChanged);
    if (status.final?.topHash === topHash) return status.final;
    if (status.final && !reason) throw invalidInput({ reason: ["Required"] });
    const version = (status.final?.version ?? 0) + 1;
    const ranked = rows.districts.reduce((sum, d) => sum + d.took, 0);
    await tx.insert(finalLists).values({
      testId,
      version,
      topHash,
      rows,
      ranked,
      appeals: status.appeals,
      reason: version === 1 ? null : (reason ?? null),
      organiserId,
      finalisedAt: now,
    });
    await recordAction(tx, {
      organiserId,
      action: AuditAction.ListFinalise,
      targetType: "test",
      targetId: testId,
      reason: reason ?? null,
      details: {
        version,
        topHash,
        previousHash: status.final?.topHash ?? null,
        ranked,
        selected: rows.rows.length,
        appeals: status.appeals,
      },
    });
    return { testId, version, topHash, finalisedAt: now, reason: version === 1 ? null : (reason ?? null), ranked, appeals: status.appeals };
  });
}

type StoredFinal = {
  testId: number;
  version: number;
  topHash: string;
  rows: FinalRows;
  ranked: number;
  reason: string | null;
  finalisedAt: Date | string;
  grade: number;
  subjectName: string;
  openedAt: Date | string;
  replacedAt: Date | string | null;
  replacedBy: string | null;
  replacedReason: string | null;
};

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
  replaced: { at: Date; topHash: string; reason: string | null } | null;
};

const storedFinal = (where: ReturnType<typeof sql>) => sql`
  select fl.test_id as "testId", fl.version, fl.top_hash as "topHash", fl.rows, fl.ranked, fl.reason, fl.finalised_at as "finalisedAt",
         s.grade, s.name as "subjectName", t.opened_at as "openedAt",
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
    replaced: row.replacedAt === null ? null : { at: new Date(row.replacedAt), topHash: row.replacedBy ?? "", reason: row.replacedReason },
  };
}

/** The final list with this published hash (its latest version of that hash), or null. */
export async function finalListByHash(hash: string): Promise<FinalListRecord | null> {
  const [row] = await selectRows<StoredFinal>(db, storedFinal(sql`fl.top_hash = ${hash}`));
  return row ? recordOf(row) : null;
}

/** A test's latest final list, or null while it is provisional. */
export async function latestFinalList(testId: number): Promise<FinalListRecord | null> {
  const [row] = await selectRows<StoredFinal>(db, storedFinal(sql`fl.test_id = ${testId}`));
  return row ? recordOf(row) : null;
}

/** Where a pupil stands for the second stage: their test's list, and whether its final version names them. */
export type SecondStage = { state: ListState; since: Date; selected: boolean };

/** The second stage of the pupil's counting, ended attempt; null when they have none. */
export async function secondStageOf(userId: number): Promise<SecondStage | null> {
  const [row] = await selectRows<{ closedAt: Date | string; finalisedAt: Date | string | null; selected: boolean | null }>(
    db,
    sql`
      select t.closed_at as "closedAt", f.finalised_at as "finalisedAt",
             f.rows -> 'rows' @> ${JSON.stringify([{ userId }])}::jsonb as selected
      from attempts a
      join tests t on t.id = a.test_id
      left join lateral (select * from final_lists fl where fl.test_id = a.test_id order by fl.version desc limit 1) f on true
      where a.user_id = ${userId} and a.ended_at is not null and ${countingAttempt("a")}
      order by a.ended_at desc
      limit 1`,
  );
  if (!row) return null;
  return row.finalisedAt === null
    ? { state: "provisional", since: new Date(row.closedAt), selected: false }
    : { state: "final", since: new Date(row.finalisedAt), selected: row.selected === true };
}

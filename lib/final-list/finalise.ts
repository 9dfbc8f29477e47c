// Finalising a test's second-stage list: the list as it would be finalised now (its rows, counts and
// hash), refused until its appeals have closed and every appeal has a decision, then kept as it was
// finalised; finalising it again (a later regrade moved the list) takes a stated reason. Appeals are
// written under the list's shared lock, a finalisation under its exclusive one.
import "server-only";
import { sql } from "drizzle-orm";
import { finalLists } from "@/db/schema";
import { lockKeyToScore } from "@/lib/attempts/scoring-sql";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, type Transaction } from "@/lib/db/client";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { allResults, type ResultRow } from "@/lib/results/ranking";
import { TOP } from "@/lib/results/ranking-sql";
import { resultsState } from "@/lib/results/state";
import { dataHash, topData } from "@/lib/results/tables";
import { assertSeasonOpen } from "@/lib/seasons/closed";
import { ErrorCode } from "@/shared/http/contract";
import { type FinalDistrict, type FinalList, type FinalRows, type ListStatus, listStatus } from "./final";

/** A district's reserves are its pupils ranked after the list, up to this rank. */
const RESERVE_RANKS = 2 * TOP;

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
    // The next ranks of each district, by rank alone (no names): a freed place passes to them (lib/invitations).
    reserves: all
      .filter((r) => !r.inTop5 && !r.excluded && r.rank !== null && r.rank <= RESERVE_RANKS)
      .map((r) => ({ userId: r.userId, rank: r.rank ?? 0, districtId: r.districtId })),
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
    await assertSeasonOpen(tx, { testId });
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
    // A list finalised again is told again once public: its new pupils invited, every family told where it stands now (lib/invitations).
    if (version > 1) await tx.execute(sql`update tests set list_told_at = null where id = ${testId}`);
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

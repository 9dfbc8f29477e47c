// When something goes wrong on the day (issue 26): extra minutes for every running attempt of a
// test (or of a region or a district of it) at once, and notices told to every pupil — a banner on
// the start and attempt pages, a line on the public /holat page. Each act audited with its reason.
import "server-only";
import { and, desc, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type NoticeTexts, notices, tests } from "@/db/schema";
import { extendableAttempt, extendedDeadlineSql } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, selectRows } from "@/lib/db/client";
import { when } from "@/lib/db/rows";
import { notFound } from "@/lib/http/errors";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { toCyrillic } from "@/shared/i18n/transliterate";

type ExtraTime = {
  organiserId: number;
  testId: number;
  minutes: number;
  reason: string;
  /** Only the pupils of this region, or of this district (by their profile: where they are now). */
  regionId?: number;
  districtId?: number;
  now?: Date;
};

/**
 * Extra minutes for every running attempt of the test (of the region or district): each deadline
 * moves by `minutes` as extendedDeadline says (past the window's close if need be; an attempt past
 * its deadline is not reopened), in one statement and one transaction with its audit line, which
 * names every attempt it moved. Each open page is
 * told at once; any other reads its new time at its next refetch.
 */
export async function extendRunningAttempts({ organiserId, testId, minutes, reason, regionId, districtId, now = new Date() }: ExtraTime) {
  const where: SQL[] = [sql`a.test_id = ${testId}`, extendableAttempt(now, "a")];
  if (regionId !== undefined) where.push(sql`u.region_id = ${regionId}`);
  if (districtId !== undefined) where.push(sql`u.district_id = ${districtId}`);
  const moved = await db.transaction(async (tx) => {
    const [test] = await tx.select({ id: tests.id }).from(tests).where(eq(tests.id, testId));
    if (!test) throw notFound();
    const rows = await selectRows(
      z.object({ id: z.number(), user_id: z.number(), deadline_at: when }),
      tx,
      sql`update attempts a set deadline_at = ${extendedDeadlineSql(minutes, "a")}
          from users u
          where u.id = a.user_id and ${sql.join(where, sql` and `)}
          returning a.id, a.user_id, a.deadline_at`,
    );
    await recordAction(tx, {
      organiserId,
      action: AuditAction.TestExtraTime,
      targetType: "test",
      targetId: testId,
      reason,
      details: {
        minutes,
        regionId: regionId ?? null,
        districtId: districtId ?? null,
        attempts: rows.length,
        attemptIds: rows.map((r) => r.id),
      },
    });
    return rows;
  });
  for (const row of moved) {
    const deadlineAt = new Date(row.deadline_at).toISOString();
    logEvent("attempt.extended", { attemptId: row.id, userId: row.user_id, minutes, deadlineAt, organiserId, reason, many: true });
  }
  await publishChange(
    moved.map((row) => row.user_id),
    { kind: "extended", minutes },
  );
  return { attempts: moved.length, minutes };
}

/** A notice's words in each interface locale: Cyrillic from the Uzbek when not written. */
export function noticeTexts(written: { uz: string; "uz-Cyrl"?: string; ru?: string }): NoticeTexts {
  return {
    uz: written.uz,
    "uz-Cyrl": written["uz-Cyrl"] || toCyrillic(written.uz),
    ...(written.ru ? { ru: written.ru } : {}),
  };
}

/** Posts a notice for every pupil's pages and /holat (audited). */
export async function postNotice({ organiserId, texts }: { organiserId: number; texts: { uz: string; "uz-Cyrl"?: string; ru?: string } }) {
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(notices)
      .values({ organiserId, texts: noticeTexts(texts) })
      .returning({ id: notices.id });
    await recordAction(tx, {
      organiserId,
      action: AuditAction.NoticePost,
      targetType: "notice",
      targetId: notice.id,
      details: { text: texts.uz },
    });
    return { noticeId: notice.id };
  });
}

/** Takes a notice down (audited); its pages drop it at their next look. */
export async function withdrawNotice({ organiserId, noticeId, now = new Date() }: { organiserId: number; noticeId: number; now?: Date }) {
  await db.transaction(async (tx) => {
    const [notice] = await tx
      .update(notices)
      .set({ withdrawnAt: now })
      .where(and(eq(notices.id, noticeId), isNull(notices.withdrawnAt)))
      .returning({ id: notices.id });
    if (!notice) throw notFound();
    await recordAction(tx, { organiserId, action: AuditAction.NoticeWithdraw, targetType: "notice", targetId: noticeId });
  });
  return { noticeId };
}

export type Notice = { noticeId: number; texts: NoticeTexts; createdAt: string };

/** How long a notice is shown: the day of the olympiad it was written on. */
export const NOTICE_HOURS = 24;

/** The notices still up (written in the last day, not withdrawn), newest first. */
export async function currentNotices(now = new Date()): Promise<Notice[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(and(isNull(notices.withdrawnAt), gte(notices.createdAt, new Date(now.getTime() - NOTICE_HOURS * 3_600_000))))
    .orderBy(desc(notices.createdAt))
    .limit(10);
  return rows.map((row) => ({ noticeId: row.id, texts: row.texts, createdAt: row.createdAt.toISOString() }));
}

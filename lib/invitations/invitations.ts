// The camp's invitations. When a test's final list becomes public (lib/final-list/public.ts) every
// family of the test is told where its pupil stands, and each pupil on the list is invited, with a
// deadline to answer (INVITATION_HOURS). A declined or expired place passes to the district's
// reserves by the written rule: the next rank of the district's ranking at the finalisation, every
// pupil sharing that rank together (as ties at the cut are all on the list). Every move is written
// to the family events outbox in its transaction, which tells the family and is the record of it.
// Changes of one test's invitations are made under its lock, so two declines never pass one place twice.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { countingAttempt, olympiadTests } from "@/lib/attempts/counting";
import { config } from "@/lib/config";
import { db, selectRows, type Transaction } from "@/lib/db/client";
import { built, when } from "@/lib/db/rows";
import { type FamilyEvent, recordFamilyEvents } from "@/lib/family-events/outbox";
import type { FinalReserve, FinalRows } from "@/lib/final-list/final";
import { listPublicSql } from "@/lib/final-list/public";
import { businessError } from "@/lib/http/errors";
import { closedSeasonSql } from "@/lib/seasons/period";
import { ErrorCode } from "@/shared/http/contract";
import type { InvitationAnswer, InvitationState } from "@/shared/invitations/enums";
import type { InvitationView } from "@/shared/invitations/schema";
import { invitationOf } from "./view";

const HOUR = 3_600_000;
/** The advisory lock class of a test's invitations (the test id is the second key). */
const INVITATIONS_LOCK = 7311;

const lockInvitations = (tx: Transaction, testId: number) => tx.execute(sql`select pg_advisory_xact_lock(${INVITATIONS_LOCK}, ${testId})`);

const deadlineFrom = (now: Date) => new Date(now.getTime() + config().invitationHours * HOUR);

/** The latest final list's rows of a test. */
async function finalRowsOf(tx: Transaction, testId: number): Promise<FinalRows | null> {
  const [row] = await selectRows(
    z.object({ rows: built<FinalRows>() }),
    tx,
    sql`select rows from final_lists where test_id = ${testId} order by version desc limit 1`,
  );
  return row?.rows ?? null;
}

const invitedEvent = (testId: number, invitationId: number, userId: number, deadlineAt: Date, fromReserve: boolean): FamilyEvent => ({
  to: { userId },
  kind: "invitation.sent",
  key: `invitation.sent:${invitationId}`,
  data: { testId, deadlineAt: deadlineAt.toISOString(), fromReserve },
  testId,
});

/** Invites these pupils of the test (those not invited before), each with its deadline; their families told. */
async function invite(
  tx: Transaction,
  testId: number,
  pupils: { userId: number; rank: number; districtId: number | null }[],
  fromReserve: boolean,
  now: Date,
): Promise<number> {
  if (pupils.length === 0) return 0;
  const deadlineAt = deadlineFrom(now);
  const made = await selectRows(
    z.object({ id: z.number(), userId: z.number() }),
    tx,
    sql`
      insert into invitations (test_id, user_id, district_id, rank, from_reserve, invited_at, deadline_at)
      select ${testId}, p."userId", p."districtId", p.rank, ${fromReserve}, ${now.toISOString()}::timestamptz, ${deadlineAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(pupils)}::jsonb) as p("userId" int, rank int, "districtId" int)
      on conflict (test_id, user_id) do nothing
      returning id, user_id as "userId"`,
  );
  await recordFamilyEvents(
    tx,
    made.map((m) => invitedEvent(testId, m.id, m.userId, deadlineAt, fromReserve)),
  );
  return made.length;
}

/** A district's reserves not invited yet, by rank. */
async function waitingReserves(tx: Transaction, testId: number, districtId: number | null): Promise<FinalReserve[]> {
  const rows = await finalRowsOf(tx, testId);
  const invited = new Set(
    (
      await selectRows(z.object({ userId: z.number() }), tx, sql`select user_id as "userId" from invitations where test_id = ${testId}`)
    ).map((r) => r.userId),
  );
  return (rows?.reserves ?? []).filter((r) => r.districtId === districtId && !invited.has(r.userId)).sort((a, b) => a.rank - b.rank);
}

/**
 * A freed place of the district passes to its next rank, every reserve sharing it invited, while the
 * district holds fewer invitations waiting or confirmed than its list has places (its pupils on the
 * list): a place two tied reserves were invited to is not passed again when one of them declines.
 */
async function passOn(tx: Transaction, testId: number, districtId: number | null, now: Date): Promise<number> {
  const places = (await finalRowsOf(tx, testId))?.rows.filter((r) => r.districtId === districtId).length ?? 0;
  const [held] = await selectRows(
    z.object({ held: z.number() }),
    tx,
    sql`select count(*)::int as held from invitations
        where test_id = ${testId} and district_id is not distinct from ${districtId} and state in ('invited', 'confirmed')`,
  );
  if (held.held >= places) return 0;
  const waiting = await waitingReserves(tx, testId, districtId);
  if (waiting.length === 0) return 0;
  const next = waiting[0].rank;
  return invite(
    tx,
    testId,
    waiting.filter((r) => r.rank === next),
    true,
    now,
  );
}

/**
 * Tells the families of every test whose list became public (and is not told yet, in a season
 * still open) and invites its pupils. For the periodic sweep; safe to run anywhere at once.
 */
export async function tellPublicLists(now: Date): Promise<number> {
  const due = await selectRows(
    z.object({ testId: z.number() }),
    db,
    sql`
      select t.id as "testId"
      from ${olympiadTests("t", "s")}
      join seasons se on se.id = s.season_id
      left join lateral (select fl.finalised_at from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
      where t.list_told_at is null and not ${closedSeasonSql(sql`se.year`)}
        and ${listPublicSql({ finalisedAt: sql`f.finalised_at`, resultsAt: sql`t.results_at` }, now)}`,
  );
  for (const { testId } of due) await db.transaction((tx) => tellList(tx, testId, now));
  return due.length;
}

async function tellList(tx: Transaction, testId: number, now: Date): Promise<void> {
  await lockInvitations(tx, testId);
  // Read again under the lock: a minute moved later meanwhile (lib/final-list/minute.ts) tells nobody yet.
  const [test] = await selectRows(
    z.object({ told: when.nullable(), public: z.boolean(), version: z.number().nullable() }),
    tx,
    sql`select t.list_told_at as told, f.version,
               ${listPublicSql({ finalisedAt: sql`f.finalised_at`, resultsAt: sql`t.results_at` }, now)} as public
        from tests t
        left join lateral (select fl.version, fl.finalised_at from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
        where t.id = ${testId} for update of t`,
  );
  if (!test || test.told !== null || !test.public) return;
  const rows = await finalRowsOf(tx, testId);
  if (!rows) return;
  const selected = new Set(rows.rows.map((r) => r.userId));
  const reserves = rows.reserves ?? [];
  const reserveOf = new Map(reserves.map((r) => [r.userId, r]));
  const families = await selectRows(
    z.object({ userId: z.number() }),
    tx,
    sql`select distinct a.user_id as "userId" from attempts a
        where a.test_id = ${testId} and a.ended_at is not null and ${countingAttempt("a")}`,
  );
  const told: FamilyEvent[] = families.map(({ userId }) => {
    const reserve = reserveOf.get(userId);
    const kind = selected.has(userId) ? "list.selected" : reserve ? "list.reserve" : "list.notSelected";
    return {
      to: { userId },
      kind,
      key: `list:${testId}:${test.version}:${userId}`,
      data: { testId, ...(reserve ? { rank: reserve.rank } : {}) },
      testId,
    };
  });
  await recordFamilyEvents(tx, told);
  await invite(
    tx,
    testId,
    rows.rows.map((r) => ({ userId: r.userId, rank: r.rank, districtId: r.districtId })),
    false,
    now,
  );
  await tx.execute(sql`update tests set list_told_at = ${now.toISOString()}::timestamptz where id = ${testId}`);
}

/** Invitations past their deadline unanswered expire, and each place passes on; those within a day of it are warned once. */
export async function expireInvitations(now: Date): Promise<{ expired: number; warned: number }> {
  const due = await selectRows(
    z.object({ id: z.number(), testId: z.number() }),
    db,
    sql`select id, test_id as "testId" from invitations where state = 'invited' and deadline_at < ${now.toISOString()}::timestamptz`,
  );
  for (const { id, testId } of due)
    await db.transaction(async (tx) => {
      await lockInvitations(tx, testId);
      const [gone] = await selectRows(
        z.object({ userId: z.number(), districtId: z.number().nullable() }),
        tx,
        sql`update invitations set state = 'expired' where id = ${id} and state = 'invited'
            returning user_id as "userId", district_id as "districtId"`,
      );
      if (!gone) return;
      await recordFamilyEvents(tx, [
        { to: { userId: gone.userId }, kind: "invitation.expired", key: `invitation.expired:${id}`, data: { testId }, testId },
      ]);
      await passOn(tx, testId, gone.districtId, now);
    });
  const warned = await selectRows(
    z.object({ id: z.number(), userId: z.number(), testId: z.number(), deadlineAt: when }),
    db,
    sql`select id, user_id as "userId", test_id as "testId", deadline_at as "deadlineAt" from invitations
        where state = 'invited' and deadline_at >= ${now.toISOString()}::timestamptz
          and deadline_at - interval '24 hours' <= ${now.toISOString()}::timestamptz`,
  );
  await recordFamilyEvents(
    db,
    warned.map((w) => ({
      to: { userId: w.userId },
      kind: "invitation.expiring",
      key: `invitation.expiring:${w.id}`,
      data: { testId: w.testId, deadlineAt: new Date(w.deadlineAt).toISOString() },
      testId: w.testId,
    })),
  );
  return { expired: due.length, warned: warned.length };
}

/** The family's answer to its pupil's invitation: refused after the deadline, once answered, or with none. */
export async function answerInvitation({
  userId,
  answer,
  via,
  now,
}: {
  userId: number;
  answer: InvitationAnswer;
  via: "family" | "bot";
  now: Date;
}): Promise<InvitationView> {
  await db.transaction(async (tx) => {
    const [found] = await selectRows(
      z.object({ testId: z.number() }),
      tx,
      sql`select test_id as "testId" from invitations where user_id = ${userId} order by invited_at desc limit 1`,
    );
    if (!found) throw businessError(ErrorCode.NotInvited);
    await lockInvitations(tx, found.testId);
    const [invitation] = await selectRows(
      z.object({ id: z.number(), state: z.string(), deadlineAt: when, districtId: z.number().nullable() }),
      tx,
      sql`select id, state, deadline_at as "deadlineAt", district_id as "districtId" from invitations
          where user_id = ${userId} and test_id = ${found.testId} for update`,
    );
    if (invitation.state === "confirmed" || invitation.state === "declined") throw businessError(ErrorCode.InvitationAnswered);
    if (invitation.state === "expired" || new Date(invitation.deadlineAt) < now) throw businessError(ErrorCode.InvitationExpired);
    const state: InvitationState = answer === "confirm" ? "confirmed" : "declined";
    await tx.execute(sql`update invitations set state = ${state}, answered_at = ${now.toISOString()}::timestamptz, answered_via = ${via}
                         where id = ${invitation.id}`);
    await recordFamilyEvents(tx, [
      {
        to: { userId },
        kind: "invitation.answered",
        key: `invitation.answered:${invitation.id}`,
        data: { testId: found.testId, answer, via },
        testId: found.testId,
      },
    ]);
    if (state === "declined") await passOn(tx, found.testId, invitation.districtId, now);
  });
  return (await invitationOf(db, userId, now)) as InvitationView;
}

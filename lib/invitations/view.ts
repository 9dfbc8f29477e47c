// What the family's page and the chat-bot read of a pupil's camp invitation (./invitations.ts makes
// and moves them): its state at the time of reading, the camp's dates and place, or, for a reserve
// of a public list, their place in the district's queue.
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { countingAttempt, olympiadTests } from "@/lib/attempts/counting";
import { type Database, selectRows, type Transaction } from "@/lib/db/client";
import { built, when } from "@/lib/db/rows";
import type { FinalRows } from "@/lib/final-list/final";
import { listPublicSql } from "@/lib/final-list/public";
import type { InvitationState } from "@/shared/invitations/enums";
import type { InvitationView } from "@/shared/invitations/schema";

const invitationRow = z.object({
  state: z.string(),
  fromReserve: z.boolean(),
  invitedAt: when,
  deadlineAt: when,
  answeredAt: when.nullable(),
  campStarts: z.string().nullable(),
  campEnds: z.string().nullable(),
  campPlace: z.string().nullable(),
});

/**
 * The pupil's invitation (its state read at `now`: unanswered past its deadline is expired), or,
 * for a reserve of a public list not invited, their place in the district's queue; else null.
 */
export async function invitationOf(runner: Database | Transaction, userId: number, now: Date): Promise<InvitationView | null> {
  const [row] = await selectRows(
    invitationRow,
    runner,
    sql`select i.state, i.from_reserve as "fromReserve", i.invited_at as "invitedAt", i.deadline_at as "deadlineAt",
               i.answered_at as "answeredAt", se.camp_starts::text as "campStarts", se.camp_ends::text as "campEnds", se.camp_place as "campPlace"
        from invitations i
        join (${olympiadTests("t", "s")}) on t.id = i.test_id
        join seasons se on se.id = s.season_id
        where i.user_id = ${userId}
        order by i.invited_at desc limit 1`,
  );
  if (row) {
    const deadlineAt = new Date(row.deadlineAt);
    const state = row.state === "invited" && deadlineAt < now ? "expired" : (row.state as InvitationState);
    return {
      kind: "invited",
      state,
      fromReserve: row.fromReserve,
      invitedAt: new Date(row.invitedAt).toISOString(),
      deadlineAt: deadlineAt.toISOString(),
      answeredAt: row.answeredAt === null ? null : new Date(row.answeredAt).toISOString(),
      camp: { starts: row.campStarts, ends: row.campEnds, place: row.campPlace },
    };
  }
  return reservePlaceOf(runner, userId, now);
}

/** A reserve's place in its district's queue (1: the next freed place is theirs), once the list is public and told. */
async function reservePlaceOf(runner: Database | Transaction, userId: number, now: Date): Promise<InvitationView | null> {
  const [list] = await selectRows(
    z.object({ testId: z.number(), rows: built<FinalRows>() }),
    runner,
    sql`select t.id as "testId", f.rows
        from attempts a
        join tests t on t.id = a.test_id
        join lateral (select fl.rows, fl.finalised_at from final_lists fl where fl.test_id = t.id order by fl.version desc limit 1) f on true
        where a.user_id = ${userId} and a.ended_at is not null and ${countingAttempt("a")} and t.list_told_at is not null
          and ${listPublicSql({ finalisedAt: sql`f.finalised_at`, resultsAt: sql`t.results_at` }, now)}
        order by a.ended_at desc limit 1`,
  );
  const mine = list?.rows.reserves?.find((r) => r.userId === userId);
  if (!list || !mine) return null;
  const invited = new Set(
    (
      await selectRows(
        z.object({ userId: z.number() }),
        runner,
        sql`select user_id as "userId" from invitations where test_id = ${list.testId}`,
      )
    ).map((r) => r.userId),
  );
  const ahead = new Set(
    (list.rows.reserves ?? [])
      .filter((r) => r.districtId === mine.districtId && !invited.has(r.userId) && r.rank < mine.rank)
      .map((r) => r.rank),
  );
  return { kind: "reserve", position: ahead.size + 1 };
}

// The console's roster of a test's invitations: every invited pupil with the family's answer, the
// counts per district (confirmed, waiting, declined, expired, reserves invited), how many families
// the family events have reached, and the camp's XLSX (name, grade, subject, district, school, a
// parent's phone, accommodation needs).
import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, selectRows } from "@/lib/db/client";
import { when } from "@/lib/db/rows";
import { organiserMessagesOf } from "@/lib/i18n/organiser";
import { allResults } from "@/lib/results/ranking";
import type { Locale } from "@/shared/i18n/locale.mjs";
import type { InvitationState } from "@/shared/invitations/enums";
import { formatTashkent } from "@/shared/time";

export type RosterRow = {
  userId: number;
  fullName: string;
  grade: number;
  subjectName: string;
  districtId: number | null;
  districtName: string | null;
  regionName: string | null;
  schoolName: string | null;
  phoneNumber: string | null;
  accommodation: string | null;
  rank: number;
  /** Read at the roster's time: unanswered past the deadline is expired. */
  state: InvitationState;
  fromReserve: boolean;
  invitedAt: string;
  deadlineAt: string;
  answeredAt: string | null;
};

export type RosterDistrict = {
  districtId: number | null;
  districtName: string | null;
  regionName: string | null;
} & Record<InvitationState | "fromReserve", number>;

export type Roster = {
  rows: RosterRow[];
  districts: RosterDistrict[];
  /** The families the test's events are for: how many have every event delivered, how many still wait for one. */
  families: { told: number; waiting: number };
};

const invitationRow = z.object({
  userId: z.number(),
  rank: z.number(),
  state: z.string(),
  fromReserve: z.boolean(),
  invitedAt: when,
  deadlineAt: when,
  answeredAt: when.nullable(),
  accommodation: z.string().nullable(),
});

const STATE_ORDER: InvitationState[] = ["confirmed", "invited", "declined", "expired"];

export async function roster(testId: number, now: Date): Promise<Roster> {
  const [invited, ranked, [families]] = await Promise.all([
    selectRows(
      invitationRow,
      db,
      sql`select i.user_id as "userId", i.rank, i.state, i.from_reserve as "fromReserve", i.invited_at as "invitedAt",
                 i.deadline_at as "deadlineAt", i.answered_at as "answeredAt",
                 (select r.accommodation_request from registrations r where r.user_id = i.user_id order by r.created_at desc limit 1) as accommodation
          from invitations i where i.test_id = ${testId}`,
    ),
    allResults({ testId }),
    selectRows(
      z.object({ told: z.number(), waiting: z.number() }),
      db,
      sql`select count(*) filter (where waiting = 0)::int as told, count(*) filter (where waiting > 0)::int as waiting
          from (select guid, count(*) filter (where delivered_at is null) as waiting from family_events where test_id = ${testId} group by guid) f`,
    ),
  ]);
  const byUser = new Map(ranked.map((r) => [r.userId, r]));
  const rows: RosterRow[] = invited.map((i) => {
    const r = byUser.get(i.userId);
    const deadlineAt = new Date(i.deadlineAt);
    return {
      userId: i.userId,
      fullName: r?.fullName ?? `#${i.userId}`,
      grade: r?.grade ?? 0,
      subjectName: r?.subjectName ?? "",
      districtId: r?.districtId ?? null,
      districtName: r?.districtName ?? null,
      regionName: r?.regionName ?? null,
      schoolName: r?.schoolName ?? null,
      phoneNumber: r?.phoneNumber ?? null,
      accommodation: i.accommodation,
      rank: i.rank,
      state: i.state === "invited" && deadlineAt < now ? "expired" : (i.state as InvitationState),
      fromReserve: i.fromReserve,
      invitedAt: new Date(i.invitedAt).toISOString(),
      deadlineAt: deadlineAt.toISOString(),
      answeredAt: i.answeredAt === null ? null : new Date(i.answeredAt).toISOString(),
    };
  });
  rows.sort(
    (a, b) =>
      (a.districtName ?? "").localeCompare(b.districtName ?? "") ||
      STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state) ||
      a.rank - b.rank,
  );
  const districts = new Map<string, RosterDistrict>();
  for (const row of rows) {
    const key = String(row.districtId ?? 0);
    const d = districts.get(key) ?? {
      districtId: row.districtId,
      districtName: row.districtName,
      regionName: row.regionName,
      invited: 0,
      confirmed: 0,
      declined: 0,
      expired: 0,
      fromReserve: 0,
    };
    d[row.state]++;
    if (row.fromReserve) d.fromReserve++;
    districts.set(key, d);
  }
  return { rows, districts: [...districts.values()], families: families ?? { told: 0, waiting: 0 } };
}

/** The camp's file: one row per invited pupil, in the organiser's language, confirmed first in each district. */
export function rosterTable(roster: Roster, locale: Locale, local: (name: string) => string) {
  const texts = organiserMessagesOf(locale).invitations;
  return {
    sheetName: texts.sheet,
    info: [texts.fileInfo({ time: formatTashkent(new Date().toISOString()) })],
    header: [
      texts.columns.fullName,
      texts.columns.grade,
      texts.columns.subject,
      texts.columns.region,
      texts.columns.district,
      texts.columns.school,
      texts.columns.phone,
      texts.columns.accommodation,
      texts.columns.rank,
      texts.columns.state,
      texts.columns.answeredAt,
    ],
    rows: roster.rows.map((r) => [
      r.fullName,
      r.grade,
      local(r.subjectName),
      r.regionName ? local(r.regionName) : "",
      r.districtName ? local(r.districtName) : "",
      r.schoolName ?? "",
      r.phoneNumber ? `+998${r.phoneNumber}` : "",
      r.accommodation ?? "",
      r.rank,
      `${texts.states[r.state]}${r.fromReserve ? ` (${texts.fromReserve})` : ""}`,
      r.answeredAt ? formatTashkent(r.answeredAt) : "",
    ]),
  };
}

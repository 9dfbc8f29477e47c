// The seasons as the organiser keeps them: the list, a new season, its settings changed, and which
// season takes registrations. Each act is audited with its reason; a change of what the offer
// states writes the offer's next version (stateOffer), so that no family's accepted offer moves.
import "server-only";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { registrations, seasonOffers, seasons } from "@/db/schema";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { businessError, notFound } from "@/lib/http/errors";
import { ErrorCode } from "@/shared/http/contract";
import type { SeasonSettings } from "@/shared/seasons/schema";
import { type Carried, carryOver } from "./carry";
import { anySeason, currentSeasonOf, isClosedSeason } from "./period";
import { stateOffer } from "./seasons";

export type SeasonRow = {
  seasonId: number;
  year: number;
  title: string;
  registrationOpens: string;
  registrationCloses: string;
  feeSom: number;
  campStarts: string | null;
  campEnds: string | null;
  campPlace: string | null;
  takingRegistrations: boolean;
  /** Older than the current season (lib/seasons/period.ts): nothing new is decided in it. */
  closed: boolean;
  offerVersion: number;
  registrations: number;
};

/** Every season, the newest first, with its offer's latest version and how many registered in it. */
export async function listSeasons(): Promise<SeasonRow[]> {
  const offers = db
    .select({ seasonId: seasonOffers.seasonId, version: sql<number>`max(${seasonOffers.version})`.as("version") })
    .from(seasonOffers)
    .groupBy(seasonOffers.seasonId)
    .as("offers");
  const registered = db
    .select({ seasonId: registrations.seasonId, n: count().as("n") })
    .from(registrations)
    .where(anySeason()) // a count per season
    .groupBy(registrations.seasonId)
    .as("registered");
  const rows = await db
    .select({ season: seasons, offerVersion: offers.version, registrations: registered.n })
    .from(seasons)
    .leftJoin(offers, eq(offers.seasonId, seasons.id))
    .leftJoin(registered, eq(registered.seasonId, seasons.id))
    .orderBy(asc(seasons.year));
  const current = currentSeasonOf(rows.map((row) => row.season));
  return rows.reverse().map(({ season: s, offerVersion, registrations: n }) => ({
    seasonId: s.id,
    year: s.year,
    title: s.title,
    registrationOpens: s.registrationOpens,
    registrationCloses: s.registrationCloses,
    feeSom: s.feeSom,
    campStarts: s.campStarts,
    campEnds: s.campEnds,
    campPlace: s.campPlace,
    takingRegistrations: s.takingRegistrations,
    closed: isClosedSeason(s, current),
    offerVersion: Number(offerVersion ?? 0),
    registrations: Number(n ?? 0),
  }));
}

const columnsOf = (input: Omit<SeasonSettings, "useExposed">) => ({
  year: input.year,
  title: input.title,
  registrationOpens: input.registrationOpens,
  registrationCloses: input.registrationCloses,
  feeSom: input.feeSom,
  campStarts: input.campStarts ?? null,
  campEnds: input.campEnds ?? null,
  campPlace: input.campPlace ?? null,
});

/** A unique-index violation of the seasons' year, on either driver. */
const yearTaken = (error: unknown) => /seasons_year_uq/.test(String((error as { cause?: unknown })?.cause ?? error));

const NOTHING_CARRIED: Carried = { tests: 0, questions: 0, exposed: 0, kept: 0 };

/**
 * A new season (not taking registrations until the organiser moves them to it), its offer's first
 * version, and from the newest season its grade × subject layout, its tests' settings and its bank
 * (lib/seasons/carry.ts: 4020 where fresh items fall short, unless `useExposed`).
 */
export async function createSeason({
  organiserId,
  input,
}: {
  organiserId: number;
  input: SeasonSettings;
}): Promise<{ seasonId: number; carried: Carried }> {
  const { useExposed = false, ...settings } = input;
  try {
    return await db.transaction(async (tx) => {
      const [newest] = await tx.select({ id: seasons.id, year: seasons.year }).from(seasons).orderBy(desc(seasons.year)).limit(1);
      const [made] = await tx.insert(seasons).values(columnsOf(settings)).returning({ id: seasons.id });
      const offerVersion = await stateOffer(tx, made.id);
      let carried = NOTHING_CARRIED;
      if (newest) {
        carried = await carryOver(tx, { from: newest.id, to: made.id, years: settings.year - newest.year, useExposed });
      }
      const { reason, ...details } = settings;
      await recordAction(tx, {
        organiserId,
        action: AuditAction.SeasonSave,
        targetType: "season",
        targetId: made.id,
        reason,
        details: { ...details, offerVersion, useExposed, carried },
      });
      return { seasonId: made.id, carried };
    });
  } catch (error) {
    if (yearTaken(error)) throw businessError(ErrorCode.SeasonYearTaken);
    throw error;
  }
}

/** A season's settings changed; a changed period or fee is the offer's next version (families keep theirs). */
export async function updateSeason({
  organiserId,
  seasonId,
  input,
}: {
  organiserId: number;
  seasonId: number;
  input: SeasonSettings;
}): Promise<{ offerVersion: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for("update");
      if (!before) throw notFound();
      await tx
        .update(seasons)
        .set({ ...columnsOf(input), updatedAt: sql`now()` })
        .where(eq(seasons.id, seasonId));
      const offerVersion = await stateOffer(tx, seasonId);
      const { reason, ...details } = input;
      await recordAction(tx, {
        organiserId,
        action: AuditAction.SeasonSave,
        targetType: "season",
        targetId: seasonId,
        reason,
        // What the offer stated before, beside what it states now.
        details: {
          ...details,
          offerVersion,
          before: { registrationOpens: before.registrationOpens, registrationCloses: before.registrationCloses, feeSom: before.feeSom },
        },
      });
      return { offerVersion };
    });
  } catch (error) {
    if (yearTaken(error)) throw businessError(ErrorCode.SeasonYearTaken);
    throw error;
  }
}

/** Registrations move to this season: it alone takes them from now (the one-row index keeps it one). */
export async function takeRegistrations({ organiserId, seasonId, reason }: { organiserId: number; seasonId: number; reason: string }) {
  await db.transaction(async (tx) => {
    // Every season's row, so that two moves at once take turns (the one-row index would refuse the second).
    const all = await tx.select({ id: seasons.id, year: seasons.year }).from(seasons).orderBy(asc(seasons.id)).for("update");
    const season = all.find((s) => s.id === seasonId);
    if (!season) throw notFound();
    await tx.update(seasons).set({ takingRegistrations: false, updatedAt: sql`now()` }).where(eq(seasons.takingRegistrations, true));
    await tx.update(seasons).set({ takingRegistrations: true, updatedAt: sql`now()` }).where(eq(seasons.id, seasonId));
    await recordAction(tx, {
      organiserId,
      action: AuditAction.SeasonRegistrations,
      targetType: "season",
      targetId: seasonId,
      reason,
      details: { year: season.year },
    });
  });
}

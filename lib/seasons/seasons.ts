// Seasons: the one taking registrations, a registration's own with its phase today, the offer each
// states (kept per version), and what the settings give the season the migration made.
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { registrations, seasonOffers, seasons } from "@/db/schema";
import { now } from "@/lib/clock";
import { config } from "@/lib/config";
import { type Database, db, type Transaction } from "@/lib/db/client";
import { offerText } from "@/lib/seasons/offer";
import { LOCALES } from "@/shared/i18n/locale.mjs";
import { tashkentDay } from "@/shared/time";
import { type RegistrationPhase, registrationPhaseSql } from "./period";

type Runner = Database | Transaction;

/** What a registration page and the payments need of a season: its period today and the offer in force. */
export type RegistrationWindow = {
  seasonId: number;
  year: number;
  phase: RegistrationPhase;
  opens: string;
  closes: string;
  /** The latest offer's version and fee: what a family accepting it now registers with. */
  offerVersion: number;
  feeSom: number;
};

const windowColumns = (today: string) => ({
  seasonId: seasons.id,
  year: seasons.year,
  phase: registrationPhaseSql(today),
  opens: seasons.registrationOpens,
  closes: seasons.registrationCloses,
  offerVersion: sql<number>`(select max(${seasonOffers.version}) from ${seasonOffers} where ${seasonOffers.seasonId} = ${seasons.id})`,
  feeSom: seasons.feeSom,
});

/** The season taking registrations, as of `at`; null when none does (every season closed). */
export async function registeringSeason(runner: Runner = db, at: Date = now()): Promise<RegistrationWindow | null> {
  const [row] = await runner
    .select(windowColumns(tashkentDay(at)))
    .from(seasons)
    .where(eq(seasons.takingRegistrations, true));
  return row ?? null;
}

/** A registration's own season as of `at` (null: no such registration). */
export async function seasonOfRegistration(guid: string, runner: Runner = db, at: Date = now()): Promise<RegistrationWindow | null> {
  const [row] = await runner
    .select(windowColumns(tashkentDay(at)))
    .from(registrations)
    .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
    .where(eq(registrations.guid, guid));
  return row ?? null;
}

/** The registration's season, or the one taking registrations for a link never used. */
export async function registrationWindow(guid: string, at: Date = now()): Promise<RegistrationWindow | null> {
  return (await seasonOfRegistration(guid, db, at)) ?? (await registeringSeason(db, at));
}

/** The offer's words as a version states them, in every interface language. */
const offerTexts = (terms: { registrationOpens: string; registrationCloses: string; feeSom: number }) =>
  Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      offerText(locale, { opens: terms.registrationOpens, closes: terms.registrationCloses, feeSom: terms.feeSom }),
    ]),
  );

/**
 * A new version of the season's offer when what it states (the period, the fee) is no longer what
 * its latest version says; a family that accepted an earlier one keeps it.
 */
export async function stateOffer(tx: Transaction, seasonId: number): Promise<number> {
  const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId));
  const [latest] = await tx
    .select()
    .from(seasonOffers)
    .where(eq(seasonOffers.seasonId, seasonId))
    .orderBy(desc(seasonOffers.version))
    .limit(1);
  const same =
    latest &&
    latest.feeSom === season.feeSom &&
    latest.registrationOpens === season.registrationOpens &&
    latest.registrationCloses === season.registrationCloses;
  if (same) return latest.version;
  const version = (latest?.version ?? 0) + 1;
  await tx.insert(seasonOffers).values({
    seasonId,
    version,
    feeSom: season.feeSom,
    registrationOpens: season.registrationOpens,
    registrationCloses: season.registrationCloses,
    texts: offerTexts(season),
  });
  return version;
}

/** A version of a season's offer, its words per interface language, as kept when it was stated. */
export async function keptOffer(seasonId: number, version: number) {
  const [row] = await db
    .select({ texts: seasonOffers.texts })
    .from(seasonOffers)
    .where(and(eq(seasonOffers.seasonId, seasonId), eq(seasonOffers.version, version)));
  return row?.texts as Record<string, ReturnType<typeof offerText>> | undefined;
}

/**
 * At a start: the seasons the migration made (settings_applied false) take their period and fee
 * from the settings if they take registrations, and every offer the migration left without
 * words gets them, as its own terms state them. Idempotent; run under the start's lock.
 */
export async function applySeasonSettings(runner: Database): Promise<void> {
  const c = config();
  await runner.transaction(async (tx) => {
    const made = await tx.select().from(seasons).where(eq(seasons.settingsApplied, false));
    for (const season of made) {
      if (season.takingRegistrations) {
        const terms = {
          registrationOpens: c.registrationPeriod.opens,
          registrationCloses: c.registrationPeriod.closes,
          feeSom: c.registrationFeeSom,
        };
        await tx.update(seasons).set(terms).where(eq(seasons.id, season.id));
        // The offer its registrations accepted stated the settings: version 1 says them.
        await tx
          .update(seasonOffers)
          .set(terms)
          .where(and(eq(seasonOffers.seasonId, season.id), eq(seasonOffers.version, 1)));
      }
      await tx.update(seasons).set({ settingsApplied: true }).where(eq(seasons.id, season.id));
    }
    const wordless = await tx.select().from(seasonOffers).where(sql`${seasonOffers.texts} = '{}'::jsonb`);
    for (const offer of wordless) {
      await tx
        .update(seasonOffers)
        .set({ texts: offerTexts(offer) })
        .where(and(eq(seasonOffers.seasonId, offer.seasonId), eq(seasonOffers.version, offer.version)));
    }
  });
}

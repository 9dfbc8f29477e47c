// A returning pupil: last season's family registers the child for the season taking registrations
// from its own link. The details come from last year's registration with the grade one higher and
// the same subject of that grade in the new season; the new registration is a new pupil with a new
// login, so that each season's certificate keeps its own public address (/cert/{username}).
import "server-only";
import { and, eq } from "drizzle-orm";
import { subjects } from "@/db/schema";
import { olympiadSubjectSql } from "@/lib/attempts/counting";
import { db } from "@/lib/db/client";
import { inSeason } from "@/lib/seasons/period";
import { type RegistrationWindow, seasonOfRegistration } from "@/lib/seasons/seasons";
import type { RegistrationDetails } from "@/shared/registration/schema";
import { getRegistrationDetails } from "./registration";

/** What a family of an earlier season is offered: the season to register for, and the child's next grade. */
export type Returning = { year: number; grade: number };

/** The offer to register again, for a registration of an earlier season while `open` takes registrations. */
export async function returningOffer(guid: string, open: RegistrationWindow | null): Promise<Returning | null> {
  if (open?.phase !== "open") return null;
  const [own, details] = await Promise.all([seasonOfRegistration(guid), getRegistrationDetails({ guid })]);
  if (!own || !details || own.seasonId === open.seasonId || own.year >= open.year || details.grade >= 9) return null;
  return { year: open.year, grade: details.grade + 1 };
}

/** Last season's details for the new registration's form (null: no such link, or no next grade). */
export async function returningDetails(from: string, open: RegistrationWindow): Promise<RegistrationDetails | null> {
  const offer = await returningOffer(from, open);
  if (!offer) return null;
  const details = await getRegistrationDetails({ guid: from });
  if (!details) return null;
  const [was] = await db.select({ name: subjects.name }).from(subjects).where(eq(subjects.id, details.subjectId));
  const [now] = was
    ? await db
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(inSeason(open.seasonId), eq(subjects.name, was.name), eq(subjects.grade, offer.grade), olympiadSubjectSql()))
    : [];
  // The accommodation is asked again: last year's need is not this year's approval.
  const { accommodation: _asked, ...kept } = details;
  return { ...kept, grade: offer.grade, subjectId: now?.id ?? 0 };
}

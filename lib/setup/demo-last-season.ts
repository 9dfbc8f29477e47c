// The demo's last season: last summer's olympiad, finished, beside this one. Its 9-sinf Matematika
// was taken a year ago, its list is final and its certificates verify; its families' pages work on.
// Seeded while that season is, for a moment, the one taking registrations (under the start's lock,
// before the server serves anyone), so that it is made as it was then; then this season takes them again.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { registrations, seasons, subjects } from "@/db/schema";
import { olympiadSubjectSql } from "@/lib/attempts/counting";
import type { Database } from "@/lib/db/client";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { screenTest } from "@/lib/integrity/screening";
import { inSeason } from "@/lib/seasons/period";
import { stateOffer } from "@/lib/seasons/seasons";
import { closedTest } from "./demo-after-test";
import { seedDemoFamily, seedPupils, takeAll } from "./demo-taking";

/** Last season's family: its registration link and its pupil's login (the certificate at /cert/demo9old). */
export const DEMO_LAST_SEASON = { guid: "00000000-0000-4000-8000-000000000006", username: "demo9old", password: "Demo2025" } as const;

const DAY = 86_400_000;

/** Last season, once: a second start (its family's registration there) finds it in place. */
export async function seedDemoLastSeason(db: Database, { organiserId, feeSom }: { organiserId: number; feeSom: number }) {
  const [done] = await db.select().from(registrations).where(eq(registrations.guid, DEMO_LAST_SEASON.guid));
  if (done) return;
  const [current] = await db.select().from(seasons).where(eq(seasons.takingRegistrations, true));
  const year = current.year - 1;
  await db
    .insert(seasons)
    .values({
      year,
      title: String(year),
      registrationOpens: `${year}-05-12`,
      registrationCloses: `${year}-05-31`,
      feeSom,
      campStarts: `${year}-07-01`,
      campEnds: `${year}-07-08`,
      campPlace: "Zomin, Jizzax viloyati",
    })
    .onConflictDoNothing();
  const [last] = await db.select().from(seasons).where(eq(seasons.year, year));
  await db.transaction((tx) => stateOffer(tx, last.id));
  await db.execute(sql`
    insert into ${subjects} (season_id, name, grade)
    select ${last.id}, s.name, s.grade from ${subjects} s
    where ${inSeason(current.id, sql.raw("s.season_id"))} and ${olympiadSubjectSql(sql.raw("s.rehearsal"))}
      and not exists (select 1 from ${subjects} o where o.season_id = ${last.id} and o.name = s.name and o.grade = s.grade)`);
  const take = async (seasonId: number) => {
    await db.update(seasons).set({ takingRegistrations: false }).where(eq(seasons.takingRegistrations, true));
    await db.update(seasons).set({ takingRegistrations: true }).where(eq(seasons.id, seasonId));
  };
  await take(last.id);
  try {
    // Last June: the test, its pupils, the screening at the close, the list final a week on.
    const openedAt = new Date(Date.now() - 365 * DAY);
    const test = await closedTest(db, "Matematika", openedAt);
    const family = await seedDemoFamily(db, { subjectId: test.subjectId, feeSom }, DEMO_LAST_SEASON, {
      firstName: "Malika",
      lastName: "Ismoilova",
      middleName: "Anvarovna",
    });
    const pupils = [family, ...(await seedPupils(db, { subjectId: test.subjectId, feeSom }, "demo9o"))];
    await takeAll(db, pupils, openedAt);
    await screenTest({ testId: test.testId, trigger: "close", now: new Date(openedAt.getTime() + DAY / 4) });
    const at = new Date(openedAt.getTime() + 30 * DAY);
    const preview = await finalisePreview(test.testId, at);
    await finalise({ organiserId, testId: test.testId, expectedTopHash: preview.topHash, now: at });
  } finally {
    await take(current.id);
  }
  // Its registrations belong to it; nothing of it takes registrations now.
  const [mine] = await db
    .select({ seasonId: registrations.seasonId })
    .from(registrations)
    .where(and(eq(registrations.guid, DEMO_LAST_SEASON.guid)));
  if (mine?.seasonId !== last.id) throw new Error("the demo's last season's family is not in it");
}

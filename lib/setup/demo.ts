// The demo: schools in every district and registrations in each state, so every screen can be seen.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { questions, seasons, subjects, tests, users } from "@/db/schema";
import { anyTest, isOlympiadSubject } from "@/lib/attempts/counting";
import type { Database } from "@/lib/db/client";
import { importQuestionBank } from "@/lib/questions/import";
import { inSeason } from "@/lib/seasons/period";
import { stateOffer } from "@/lib/seasons/seasons";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { ReviewPolicy, StudyLanguage } from "@/shared/attempts/enums";
import { UserRole } from "@/shared/identity/roles";
import { PaymentProvider } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { tashkentDay } from "@/shared/time";
import { DEMO_AFTER_TEST, seedDemoAfterTest } from "./demo-after-test";
import { seedFamily } from "./demo-families";
import { DEMO_LAST_SEASON, seedDemoLastSeason } from "./demo-last-season";
import { demoQuestionBank, hasDemoBank } from "./demo-questions";
import { seedDemoSchools } from "./schools";

export const DEMO_GUIDS = {
  registered: "00000000-0000-4000-8000-000000000001",
  paid: "00000000-0000-4000-8000-000000000002",
  paidRussian: "00000000-0000-4000-8000-000000000003",
} as const;

/** The paid demo pupil's login (printed at start; the guid link would show it too). */
export const DEMO_PUPIL = { username: "demo7mat", password: "Demo2025" } as const;
/** A paid pupil of a Russian school: the site in Russian, the test's questions in Russian. */
export const DEMO_RUSSIAN_PUPIL = { username: "demo7ru", password: "Demo2025" } as const;

export type DemoSummary = {
  guids: typeof DEMO_GUIDS;
  pupil: typeof DEMO_PUPIL;
  russianPupil: typeof DEMO_RUSSIAN_PUPIL;
  afterTest: typeof DEMO_AFTER_TEST;
  lastSeason: typeof DEMO_LAST_SEASON;
};

const DEMO_TEST_DAYS = 7;

/**
 * A bank for every one of the camp's subjects that has none, and a test open from now for a week
 * where there is none. Other subjects (an organiser's, a rehearsal's, one a test is making this
 * moment on a shared database) are not the demo's.
 */
async function seedDemoTests(db: Database, { pinCode }: { pinCode: string }) {
  const all = await db
    .select()
    .from(subjects)
    .where(and(inSeason(undefined), anyTest()));
  const banked = new Set(
    (await db.select({ subjectId: questions.subjectId }).from(questions).groupBy(questions.subjectId)).map((r) => r.subjectId),
  );
  const tested = new Set(
    (
      await db
        .select({ subjectId: tests.subjectId })
        .from(tests)
        .innerJoin(subjects, eq(subjects.id, tests.subjectId))
        .where(and(inSeason(undefined), anyTest()))
    ).map((r) => r.subjectId),
  );
  const now = new Date();
  for (const subject of all) {
    if (!hasDemoBank(subject.name) || !isOlympiadSubject(subject)) continue;
    if (!banked.has(subject.id))
      await importQuestionBank(demoQuestionBank({ subjectId: subject.id, name: subject.name, grade: subject.grade }));
    if (!tested.has(subject.id)) {
      await upsertSubjectTest({
        subjectId: subject.id,
        settings: {
          openedAt: now.toISOString(),
          closedAt: new Date(now.getTime() + DEMO_TEST_DAYS * 86_400_000).toISOString(),
          pinCode,
          reviewPolicy: ReviewPolicy.AfterEnd,
        },
      });
    }
  }
}

/** The demo's season takes registrations this month, whatever the settings' period: its link works today. */
async function openDemoRegistration(db: Database) {
  const today = tashkentDay(new Date());
  const day = (days: number) => tashkentDay(new Date(Date.now() + days * 86_400_000));
  await db.transaction(async (tx) => {
    const [season] = await tx
      .update(seasons)
      .set({
        registrationOpens: sql`least(${seasons.registrationOpens}, ${day(-30)}::date)`,
        registrationCloses: sql`greatest(${seasons.registrationCloses}, ${day(30)}::date)`,
      })
      .where(
        and(
          eq(seasons.takingRegistrations, true),
          sql`not (${today}::date between ${seasons.registrationOpens} and ${seasons.registrationCloses})`,
        ),
      )
      .returning({ id: seasons.id });
    if (season) await stateOffer(tx, season.id);
  });
}

/** Idempotent: a second start finds everything in place. */
export async function seedDemo(db: Database, { feeSom, pinCode }: { feeSom: number; pinCode: string }): Promise<DemoSummary> {
  await openDemoRegistration(db);
  await seedDemoSchools(db);
  // The olympiad already taken comes first: its two tests are closed ones, not the week's open ones.
  const [organiser] = await db.select({ id: users.id }).from(users).where(eq(users.role, UserRole.Admin)).orderBy(users.id).limit(1);
  await seedDemoAfterTest(db, { organiserId: organiser.id, feeSom });
  await seedDemoTests(db, { pinCode });
  // Toshkent shahri, Yunusobod tumani; Matematika, grade 7, the test open for the week.
  const [math7] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.name, "Matematika"), eq(subjects.grade, 7), inSeason(undefined), anyTest()));
  const family = { amountSom: feeSom, subjectId: math7.id, grade: 7 };
  await seedFamily(
    db,
    { ...family, guid: DEMO_GUIDS.registered, status: RegistrationStatus.Registered },
    { firstName: "Dilnoza", lastName: "Karimova", middleName: "Rustamovna" },
  );
  await seedFamily(
    db,
    { ...family, guid: DEMO_GUIDS.paid, status: RegistrationStatus.Paid, login: DEMO_PUPIL, paidBy: PaymentProvider.Payme },
    { firstName: "Sardor", lastName: "Toshmatov", middleName: "Alisherovich" },
  );
  // Names are written in their own script: a Russian family writes theirs in Cyrillic.
  await seedFamily(
    db,
    { ...family, guid: DEMO_GUIDS.paidRussian, status: RegistrationStatus.Paid, login: DEMO_RUSSIAN_PUPIL, paidBy: PaymentProvider.Click },
    { firstName: "Анна", lastName: "Смирнова", middleName: "Сергеевна", language: StudyLanguage.Russian, locale: "ru" },
  );
  // Last summer's olympiad beside this one, finished: its season closed, its list and certificates true.
  await seedDemoLastSeason(db, { organiserId: organiser.id, feeSom });
  return {
    guids: DEMO_GUIDS,
    pupil: DEMO_PUPIL,
    russianPupil: DEMO_RUSSIAN_PUPIL,
    afterTest: DEMO_AFTER_TEST,
    lastSeason: DEMO_LAST_SEASON,
  };
}

// The demo's pupils taking a test in the past: registered and paid, each with a paper drawn,
// answers saved at their times and the attempt finished, through the functions a pupil's requests
// go through. The answers come from a fixed rule of the pupil's and the question's numbers, so
// every demo shows the same olympiad.
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { attemptQuestions, districts, organizations, payments, questionChoices, questions, registrations, users } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { saveAnswer } from "@/lib/attempts/taking";
import type { Database } from "@/lib/db/client";
import { madeUpPayment } from "@/lib/payments/service";
import { UserRole } from "@/shared/identity/roles";
import { RegistrationStatus } from "@/shared/registration/status";
import { type DemoPupilNames, seedFamily } from "./demo-families";

export const DEMO_GRADE = 9;
export const DEMO_PIN = "9090";
const MINUTE = 60_000;
/** Pupils a test, besides its family's: enough for a district's top five in each of four districts. */
const PUPILS = 36;
/**
 * A whole number fixed by two others (the demo's "chance", the same on every start), well mixed so
 * that no two honest pupils' answers lean alike: the first four bytes of their SHA-256.
 */
const chance = (a: number, b: number) => createHash("sha256").update(`${a}:${b}`).digest().readUInt32BE(0);
const fraction = (a: number, b: number) => (chance(a, b) % 10_000) / 10_000;

/** A boy's name, then a girl's: a girl's surname takes -a (Karimov, Karimova). */
const FIRST_NAMES = [
  "Aziz",
  "Malika",
  "Bekzod",
  "Nilufar",
  "Sherzod",
  "Madina",
  "Jahongir",
  "Zarina",
  "Otabek",
  "Shahnoza",
  "Doniyor",
  "Kamola",
];
const LAST_NAMES = ["Yusupov", "Aliyev", "Karimov", "Rashidov", "Tursunov", "Saidov", "Ergashev", "Mirzayev", "Qodirov"];

/** A subject's pupils are registered and paid its fee. */
export type Paying = { subjectId: number; feeSom: number };
export type Pupil = { userId: number; number: number };
export type Save = { attemptQuestionId: number; questionId: number; choiceId: number; at: Date };

/** Paid pupils of the subject, a school of each of four of Tashkent's districts in turn. */
export async function seedPupils(db: Database, { subjectId, feeSom }: Paying, tag: string): Promise<Pupil[]> {
  const [tashkent] = await db.select({ regionId: districts.regionId }).from(districts).where(eq(districts.name, "Yunusobod tumani"));
  const near = await db.select().from(districts).where(eq(districts.regionId, tashkent.regionId)).orderBy(districts.id).limit(4);
  const schools = await db
    .select({ id: organizations.id, districtId: organizations.districtId })
    .from(organizations)
    .where(
      inArray(
        organizations.districtId,
        near.map((d) => d.id),
      ),
    );
  const schoolOf = (k: number) => schools.filter((s) => s.districtId === near[k % near.length].id)[Math.floor(k / near.length) % 2];
  const rows = Array.from({ length: PUPILS }, (_, k) => {
    const school = schoolOf(k);
    const last = LAST_NAMES[(k * 5) % LAST_NAMES.length];
    return {
      firstName: FIRST_NAMES[k % FIRST_NAMES.length],
      lastName: k % 2 === 1 ? `${last}a` : last,
      regionId: tashkent.regionId,
      districtId: school.districtId,
      organizationId: school.id,
      grade: DEMO_GRADE,
      subjectId,
      role: UserRole.Default,
      username: `${tag}${k + 1}`,
    };
  });
  const made = await db.insert(users).values(rows).returning({ id: users.id });
  const paid = made.map(({ id }, k) => ({
    guid: randomUUID(),
    userId: id,
    status: RegistrationStatus.Paid,
    amountSom: feeSom,
    regionId: rows[k].regionId,
    districtId: rows[k].districtId,
    organizationId: rows[k].organizationId,
    paidAt: new Date(),
  }));
  await db.insert(registrations).values(paid);
  await db.insert(payments).values(paid.map(({ guid }) => madeUpPayment({ guid, amountSom: feeSom, origin: "demo" })));
  return made.map(({ id }, k) => ({ userId: id, number: k + 1 }));
}

/** A family's paid pupil of the subject, with a login and the registration link the banner prints. */
export async function seedDemoFamily(
  db: Database,
  { subjectId, feeSom }: Paying,
  family: { guid: string; username: string; password: string },
  names: DemoPupilNames,
): Promise<Pupil> {
  const { guid, username, password } = family;
  const login = { username, password };
  const userId = await seedFamily(
    db,
    { guid, status: RegistrationStatus.Paid, amountSom: feeSom, subjectId, grade: DEMO_GRADE, login },
    names,
  );
  return { userId, number: 0 };
}

/** The pupil's paper: each drawn question with its choices and which is correct. */
async function paperOf(db: Database, attemptId: number) {
  const drawn = await db
    .select({ id: attemptQuestions.id, questionId: attemptQuestions.questionId, difficulty: questions.difficulty })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .where(eq(attemptQuestions.attemptId, attemptId))
    .orderBy(attemptQuestions.id);
  const choices = await db
    .select({ id: questionChoices.id, questionId: questionChoices.questionId, correct: questionChoices.isCorrect })
    .from(questionChoices)
    .where(
      inArray(
        questionChoices.questionId,
        drawn.map((q) => q.questionId),
      ),
    )
    .orderBy(questionChoices.id);
  return drawn.map((q) => ({ ...q, choices: choices.filter((c) => c.questionId === q.questionId) }));
}

/**
 * One pupil's test: started a few minutes after the opening, an answer a minute or two, finished.
 * The pupil's number sets their ability; `copies` makes them choose what another chose, each a
 * little after them (`copying` holds that pupil's saves).
 */
async function takeTest(db: Database, pupil: Pupil, openedAt: Date, copying: Save[] | null): Promise<Save[]> {
  const startedAt = new Date(openedAt.getTime() + (copying ? 3 : 1 + (pupil.number % 9)) * MINUTE);
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: DEMO_PIN, now: startedAt });
  const [{ sessionVersion }] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, pupil.userId));
  const session = { userId: pupil.userId, role: UserRole.Default, sessionVersion, sessionId: randomUUID() };
  const ability = 0.3 + 0.6 * fraction(pupil.number, 1);
  let at = startedAt.getTime();
  const saves: Save[] = (await paperOf(db, attemptId)).map((q, n) => {
    at += (50 + 90 * fraction(pupil.number, q.questionId)) * 1000;
    const copied = copying?.find((s) => s.questionId === q.questionId);
    if (copied)
      return {
        attemptQuestionId: q.id,
        questionId: q.questionId,
        choiceId: copied.choiceId,
        // A few seconds after the other saved it: within the screening's "saved together" window.
        at: new Date(copied.at.getTime() + 6_000 + (n % 4) * 3_000),
      };
    const right = fraction(q.questionId, pupil.number) < ability - 0.15 * (q.difficulty - 2);
    const wrong = q.choices.filter((c) => !c.correct);
    const choice = right ? q.choices.find((c) => c.correct)! : wrong[chance(pupil.number, q.questionId) % wrong.length];
    return { attemptQuestionId: q.id, questionId: q.questionId, choiceId: choice.id, at: new Date(at) };
  });
  saves.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const save of saves)
    await saveAnswer({ session, testAttemptQuestionId: save.attemptQuestionId, answerId: save.choiceId, chosenAt: save.at, now: save.at });
  const endedAt = new Date(Math.max(startedAt.getTime(), ...saves.map((s) => s.at.getTime())) + MINUTE);
  await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: endedAt });
  return saves;
}

/** The test taken by every pupil (the family's included); with `pair`, its second pupil copies its first. */
export async function takeAll(db: Database, pupils: Pupil[], openedAt: Date, pair?: [Pupil, Pupil]): Promise<Map<number, Save[]>> {
  const saves = new Map<number, Save[]>();
  for (const pupil of pupils) {
    if (pair && pupil === pair[1]) continue;
    saves.set(pupil.userId, await takeTest(db, pupil, openedAt, null));
  }
  if (pair) saves.set(pair[1].userId, await takeTest(db, pair[1], openedAt, saves.get(pair[0].userId)!));
  return saves;
}

// The demo's olympiad that has already happened, so that every after-test screen has something to
// show from the first start: two of the camp's tests, taken by pupils of four districts through the
// same functions a real pupil's requests go through, at times in the past.
// What each test shows: docs/appeals.md#the-demos-past-olympiad
import "server-only";
import { and, eq } from "drizzle-orm";
import { questionChoices, questions, registrations, subjects } from "@/db/schema";
import { submitAppeal } from "@/lib/appeals/appeals";
import { decideAppeals } from "@/lib/appeals/decisions";
import { anyTest } from "@/lib/attempts/counting";
import type { Database } from "@/lib/db/client";
import { finalise, finalisePreview } from "@/lib/final-list/finalise";
import { screenTest } from "@/lib/integrity/screening";
import { importQuestionBank } from "@/lib/questions/import";
import { EXAMPLE_REHEARSAL_REPORT } from "@/lib/rehearsal/example-report";
import { createRehearsal, removeRehearsal, reportRehearsal } from "@/lib/rehearsal/rehearsal";
import { keyHash } from "@/lib/results/key";
import { inSeason } from "@/lib/seasons/period";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { ReviewPolicy, StudyLanguage, VoidAwards } from "@/shared/attempts/enums";
import { demoQuestionBank } from "./demo-questions";
import { DEMO_GRADE, DEMO_PIN, type Save, seedDemoFamily, seedPupils, takeAll } from "./demo-taking";

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The families of the finished olympiad: their registration links and their pupils' logins. */
export const DEMO_AFTER_TEST = {
  final: { guid: "00000000-0000-4000-8000-000000000004", username: "demo9fin", password: "Demo2025" },
  appealing: { guid: "00000000-0000-4000-8000-000000000005", username: "demo9ru", password: "Demo2025" },
} as const;

/** The current season's subject with its bank, and a test whose window is [openedAt, openedAt + 3 h]. */
export async function closedTest(db: Database, name: string, openedAt: Date) {
  const [subject] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.name, name), eq(subjects.grade, DEMO_GRADE), inSeason(undefined), anyTest()));
  const [banked] = await db.select({ id: questions.id }).from(questions).where(eq(questions.subjectId, subject.id)).limit(1);
  if (!banked) await importQuestionBank(demoQuestionBank({ subjectId: subject.id, name, grade: DEMO_GRADE }));
  const test = await upsertSubjectTest({
    subjectId: subject.id,
    settings: {
      openedAt: openedAt.toISOString(),
      closedAt: new Date(openedAt.getTime() + 180 * MINUTE).toISOString(),
      pinCode: DEMO_PIN,
      reviewPolicy: ReviewPolicy.AfterEnd,
    },
  });
  return { subjectId: subject.id, testId: test.testId, openedAt };
}

/** The first answer of the pupil's that is wrong, on a question other than `except`'s (another appeal's). */
async function missed(db: Database, saves: Save[], except?: Save): Promise<Save> {
  for (const save of saves) {
    if (save.questionId === except?.questionId) continue;
    const [choice] = await db.select().from(questionChoices).where(eq(questionChoices.id, save.choiceId));
    if (!choice.isCorrect) return save;
  }
  return saves.find((save) => save.questionId !== except?.questionId)!;
}

const appeal = (userId: number, save: Save, kind: "key" | "unclear", text: string, now: Date) =>
  submitAppeal({ userId }, { kind, text, testAttemptQuestionId: save.attemptQuestionId }, "uz", now);

/** The appeals read by the organiser at `seenAt`, then decided (a question voided after its dry run). */
async function decide(organiserId: number, testId: number, questionId: number, outcome: "reject" | "void", at: Date) {
  const reason =
    outcome === "void"
      ? {
          reason: "Savol shartida xato bor: javoblardan hech biri to'g'ri emas.",
          reasonRu: "В условии вопроса ошибка: ни один ответ не верен.",
        }
      : { reason: "Kalit to'g'ri: yechim tekshirildi.", reasonRu: "Ключ верен: решение проверено." };
  await decideAppeals({
    organiserId,
    testId,
    now: at,
    input: {
      questionId,
      outcome,
      ...(outcome === "void" ? { voidAwards: VoidAwards.All, expectedKeyHash: await keyHash(testId) } : {}),
      ...reason,
      seenAt: at.toISOString(),
    },
  });
}

/** The finished olympiad, once: a second start (the family's registration there) finds it in place. */
export async function seedDemoAfterTest(db: Database, { organiserId, feeSom }: { organiserId: number; feeSom: number }): Promise<void> {
  const [done] = await db.select().from(registrations).where(eq(registrations.guid, DEMO_AFTER_TEST.final.guid));
  if (done) return;
  const now = Date.now();

  // 9-sinf Matematika: two weeks ago, its appeals decided and its list final.
  const final = await closedTest(db, "Matematika", new Date(now - 14 * DAY));
  const family = await seedDemoFamily(db, { subjectId: final.subjectId, feeSom }, DEMO_AFTER_TEST.final, {
    firstName: "Jasur",
    lastName: "Rahimov",
    middleName: "Bahodirovich",
  });
  const pupils = [family, ...(await seedPupils(db, { subjectId: final.subjectId, feeSom }, "demo9m"))];
  const taken = await takeAll(db, pupils, final.openedAt);
  const closedAt = new Date(final.openedAt.getTime() + 180 * MINUTE);
  await screenTest({ testId: final.testId, trigger: "close", now: new Date(closedAt.getTime() + MINUTE) });
  const voided = await missed(db, taken.get(family.userId)!);
  const rejected = await missed(db, taken.get(pupils[5].userId)!, voided);
  const filed = new Date(closedAt.getTime() + DAY);
  await appeal(family.userId, voided, "unclear", "Savolning shartida son yetishmaydi, javob topib bo'lmaydi.", filed);
  await appeal(pupils[5].userId, rejected, "key", "Menimcha, to'g'ri javob boshqa.", filed);
  await decide(organiserId, final.testId, voided.questionId, "void", new Date(filed.getTime() + DAY));
  await decide(organiserId, final.testId, rejected.questionId, "reject", new Date(filed.getTime() + DAY + 10 * MINUTE));
  const preview = await finalisePreview(final.testId, new Date(now));
  await finalise({ organiserId, testId: final.testId, expectedTopHash: preview.topHash, now: new Date(now) });

  // 9-sinf Fizika: yesterday, appeals open; a pair the screening lists: a pupil who got most wrong,
  // copied by another of the same school (their 11th and 19th).
  const open = await closedTest(db, "Fizika", new Date(now - DAY - 180 * MINUTE));
  const russian = await seedDemoFamily(db, { subjectId: open.subjectId, feeSom }, DEMO_AFTER_TEST.appealing, {
    firstName: "Артём",
    lastName: "Ким",
    middleName: "Викторович",
    language: StudyLanguage.Russian,
    locale: "ru",
  });
  const others = await seedPupils(db, { subjectId: open.subjectId, feeSom }, "demo9f");
  const opened = await takeAll(db, [russian, ...others], open.openedAt, [others[10], others[18]]);
  await screenTest({ testId: open.testId, trigger: "close", now: new Date(now - DAY + MINUTE) });
  const waiting = await missed(db, opened.get(russian.userId)!);
  const answered = await missed(db, opened.get(others[3].userId)!, waiting);
  await appeal(others[3].userId, answered, "key", "Javobim ham to'g'ri deb o'ylayman.", new Date(now - 6 * 3_600_000));
  await decide(organiserId, open.testId, answered.questionId, "reject", new Date(now - 3_600_000));
  await submitAppeal(
    { userId: russian.userId },
    { kind: "key", text: "Мне кажется, верный ответ другой: прошу проверить.", testAttemptQuestionId: waiting.attemptQuestionId },
    "ru",
    new Date(now - 30 * MINUTE),
  );

  // A rehearsal of the opening, its report kept and its synthetic pupils removed, as after the real one.
  const rehearsal = await createRehearsal({ organiserId, pupils: 20, opensInSeconds: 60, now: new Date(now - 20 * DAY) });
  await removeRehearsal({ rehearsalId: rehearsal.rehearsalId, organiserId, now: new Date(now - 20 * DAY + 3_600_000) });
  await reportRehearsal({
    rehearsalId: rehearsal.rehearsalId,
    now: new Date(now - 20 * DAY + 3_600_000),
    report: EXAMPLE_REHEARSAL_REPORT,
  });
}

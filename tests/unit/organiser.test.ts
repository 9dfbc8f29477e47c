// The organiser's actions on a controllable clock: extra minutes move a running
// attempt past the close, a reset attempt is kept but no longer counts, the board's counts.
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attempts, organiserActions, questions } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { endAttemptNow, resetAttempt } from "@/lib/attempts/interventions";
import { allowTestAttempt, isThereAttempt, newAttempt } from "@/lib/attempts/start";
import { getAttempt, getRemainingTime } from "@/lib/attempts/taking";
import { listActions } from "@/lib/audit/rows";
import { loadBoard } from "@/lib/board/board";
import { certificateOfUsername } from "@/lib/certificates/certificates";
import { db } from "@/lib/db/client";
import { setExtraMinutes } from "@/lib/pupils/acts";
import { pupilDetail } from "@/lib/pupils/pupils";
import { listQuestions } from "@/lib/questions/bank";
import { importQuestionBank } from "@/lib/questions/import";
import { questionImportSchema } from "@/lib/questions/schema";
import { uploadFields } from "@/lib/questions/upload";
import { checkInMinutesNeeded, upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { EndedBy } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const T0 = new Date("2025-06-02T05:00:00Z");
const T_CLOSE = new Date("2025-06-02T06:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function running() {
  const o = await createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, durationMinutes: 90, counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await createPupil({ subjectId: o.subjectId });
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(40) });
  return { o, pupil, attemptId };
}

describe("extra minutes", () => {
  it("move a running attempt's deadline at once, past the window's close if need be, and are audited", async () => {
    const { pupil, attemptId } = await running();
    const remaining = (now: Date) => getRemainingTime({ userId: pupil.userId, attemptId, now });
    expect(await remaining(at(50))).toEqual({ remainingTime: 10 * 60 }); // capped at the close
    const organiser = await organiserId();
    await setExtraMinutes({ organiserId: organiser, userId: pupil.userId, minutes: 15, reason: "Kech kirdi", now: at(50) });
    expect(await remaining(at(50))).toEqual({ remainingTime: 25 * 60 });
    await setExtraMinutes({ organiserId: organiser, userId: pupil.userId, minutes: 5, reason: "Tuzatish", now: at(50) });
    expect(await remaining(at(50))).toEqual({ remainingTime: 15 * 60 });
    const entries = await db.select().from(organiserActions).where(eq(organiserActions.targetId, pupil.userId));
    expect(entries.map((e) => e.reason)).toEqual(expect.arrayContaining(["Kech kirdi", "Tuzatish"]));
  });
});

describe("ending and resetting an attempt", () => {
  it("end now: scored from its answers, recorded as ended by an organiser", async () => {
    const { pupil, attemptId } = await running();
    await endAttemptNow({ organiserId: await organiserId(), attemptId, reason: "Qoidabuzarlik", now: at(45) });
    const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row).toMatchObject({ endedAt: at(45), endedBy: EndedBy.Organiser, easyScoreTenths: 0 });
    expect(await isThereAttempt({ userId: pupil.userId, now: at(46) })).toMatchObject({ isEnded: true, attemptId });
  });

  it("reset: kept for the record, no longer the pupil's attempt, certificate or block; a new start is allowed", async () => {
    const { o, pupil, attemptId } = await running();
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(41) });
    expect(await certificateOfUsername(pupil.username)).not.toBeNull();
    expect((await allowTestAttempt({ userId: pupil.userId, now: at(42) })).isAllowed).toBe(false);

    await resetAttempt({ organiserId: await organiserId(), attemptId, reason: "Telefon o'chdi", now: at(42) });
    expect(await isThereAttempt({ userId: pupil.userId, now: at(42) })).toEqual({ isThereAttempt: false, isEnded: false, attemptId: null });
    expect(await certificateOfUsername(pupil.username)).toBeNull();
    expect((await allowTestAttempt({ userId: pupil.userId, now: at(42) })).isAllowed).toBe(true);
    await expect(getAttempt({ userId: pupil.userId, attemptId, now: at(42) })).rejects.toMatchObject({ status: 404 });
    const again = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(43) });
    expect(again.attemptId).not.toBe(attemptId);
    const detail = await pupilDetail({ userId: pupil.userId, now: at(43) });
    expect(detail.attempts.map((a) => a.state)).toEqual(["running", "reset"]);
  });
});

describe("the audit log", () => {
  it("names and links what each act was done to, and says what changed in words, in Tashkent time", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, durationMinutes: 90, counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await createPupil({ subjectId: o.subjectId, names: { firstName: "Jasur", lastName: "Toshpulatov" } });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(10) });
    const organiser = await organiserId();
    await setExtraMinutes({ organiserId: organiser, userId: pupil.userId, minutes: 15, reason: "Kech kirdi", now: at(20) });
    await endAttemptNow({ organiserId: organiser, attemptId, reason: "Qoidabuzarlik", now: at(30) });
    await importQuestionBank(
      {
        subjectId: o.subjectId,
        readingTexts: [],
        questions: [{ difficulty: "easy", text: "<p>2+2?</p>", choices: ["4", "5"].map((text, j) => ({ text, correct: j === 0 })) }],
        reason: "Yangi savol",
      },
      { organiserId: organiser },
    );
    await upsertSubjectTest({
      subjectId: o.subjectId,
      organiserId: organiser,
      settings: { openedAt: T0.toISOString(), closedAt: at(45).toISOString(), pinCode: o.pinCode, reason: "Erta yopildi" },
      now: at(31),
    });

    const { items } = await listActions({ page: 1 });
    const entry = (reason: string) => items.find((a) => a.reason === reason)!;
    const subject = entry("Yangi savol").target.label; // "5-sinf, …"
    expect(subject).toMatch(/^[5-9]-sinf, \S/);

    expect(entry("Kech kirdi")).toMatchObject({
      actionText: "Qo'shimcha vaqt berildi",
      target: { label: `Toshpulatov Jasur (${pupil.username})`, href: `/admin/pupils/${pupil.userId}` },
      lines: [
        { label: "Qo'shimcha vaqt", value: "0 daqiqa → 15 daqiqa" },
        { label: "Ishlayotgan urinish", value: `#${attemptId}` },
      ],
    });
    expect(entry("Qoidabuzarlik")).toMatchObject({
      actionText: "Test yakunlandi",
      target: { label: `Urinish #${attemptId}: Toshpulatov Jasur, ${subject}`, href: `/admin/pupils/${pupil.userId}` },
    });
    expect(entry("Yangi savol")).toMatchObject({
      actionText: "Savollar import qilindi",
      target: { href: `/admin/questions?subjectId=${o.subjectId}` },
      lines: [
        { label: "Savollar", value: "1" },
        { label: "Matnlar", value: "0" },
        { label: "Til", value: "O'zbek" },
      ],
    });
    // Only what changed, in Tashkent time (UTC+5): the close moved from 11:00 to 10:45.
    expect(entry("Erta yopildi")).toMatchObject({
      actionText: "Test sozlamalari saqlandi",
      target: { label: subject, href: `/admin/results?testId=${o.testId}` },
      lines: [{ label: "Yopilish vaqti", value: "02.06.2025 11:00 → 02.06.2025 10:45" }],
    });
    expect(JSON.stringify(items.map((a) => [a.actionText, a.target, a.lines]))).not.toMatch(/"(pupil|attempt|test|question)\.|T\d\d:\d\d/);
  });

  it("lists only the settings that changed: a window saved back as the form shows it (to the minute) is not a change", async () => {
    // A window set to the second (the demo's, an API call's); the form shows and sends it to the minute.
    const o = await createTestOlympiad({
      openedAt: new Date("2025-06-02T05:00:17.250Z"),
      closedAt: new Date("2025-06-02T06:00:42.500Z"),
      counts: { easy: 1, medium: 1, hard: 1 },
    });
    await upsertSubjectTest({
      subjectId: o.subjectId,
      organiserId: await organiserId(),
      settings: {
        openedAt: T0.toISOString(),
        closedAt: T_CLOSE.toISOString(),
        pinCode: "9876",
        durationMinutes: 90,
        easyCount: 1,
        mediumCount: 1,
        hardCount: 1,
        reviewPolicy: "afterEnd",
        reason: "Pin kod almashtirildi",
      },
      now: at(-60),
    });
    const { items } = await listActions({ page: 1 });
    expect(items.find((a) => a.reason === "Pin kod almashtirildi")?.lines).toEqual([{ label: "Pin kod", value: "4321 → 9876" }]);
  });
});

describe("how long check-in must last: twice the even arrival at the measured sign-in rate, a minute at least", () => {
  const cases = [
    { pupils: 0, perSecond: 30, minutes: 1 },
    { pupils: 1, perSecond: 30, minutes: 1 },
    { pupils: 900, perSecond: 30, minutes: 1 },
    { pupils: 901, perSecond: 30, minutes: 2 },
    { pupils: 10_000, perSecond: 30, minutes: 12 },
    { pupils: 10_000, perSecond: 5, minutes: 67 },
  ];
  for (const c of cases) {
    it(`${c.pupils} pupils at ${c.perSecond} a second: ${c.minutes} min`, () => {
      expect(checkInMinutesNeeded(c.pupils, c.perSecond)).toBe(c.minutes);
    });
  }
});

describe("the board", () => {
  it("counts registered, paid, started, in progress and ended per subject, at the board's own time", async () => {
    const { o, pupil, attemptId } = await running();
    await createPupil({ subjectId: o.subjectId, paid: false });
    const tile = async (now: Date) => (await loadBoard({ now })).tests.find((t) => t.subjectId === o.subjectId)!;
    expect(await tile(at(45))).toMatchObject({
      state: "open",
      banks: [{ language: 0, easy: 4, medium: 4, hard: 4, pupils: 1 }],
      needed: { easy: 1, medium: 1, hard: 1 },
      counts: { registered: 2, paid: 1, started: 1, inProgress: 1, ended: 0, blocked: 0 },
    });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(46) });
    expect((await tile(at(47))).counts).toMatchObject({ inProgress: 0, ended: 1 });
    expect((await tile(at(61))).state).toBe("closed");
  });
});

describe("a large bank", () => {
  it("5 000 questions with 5 choices each import in batches, beyond one statement's 65 535 parameters", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, counts: { easy: 1, medium: 1, hard: 1 } });
    const bank = {
      subjectId: o.subjectId,
      readingTexts: [],
      questions: Array.from({ length: 5_000 }, (_, i) => ({
        difficulty: "easy" as const,
        text: `<p>Savol ${i}</p>`,
        choices: ["A", "B", "C", "D", "E"].map((text, j) => ({ text, correct: j === 0 })),
      })),
    };
    expect(await importQuestionBank(bank)).toMatchObject({ questions: 5_000, choices: 25_000, dryRun: false });
    // The same file again: every one of them found in the bank, in as few statements.
    expect(await importQuestionBank(bank, { dryRun: true })).toMatchObject({ questions: 0, duplicates: 5_000 });
  }, 120_000);
});

describe("importing questions that are already in the bank", () => {
  const choices = (right: string, wrong: string) => [
    { text: right, correct: true },
    { text: wrong, correct: false },
  ];
  const file = (subjectId: number) => ({
    subjectId,
    readingTexts: [{ key: "m", text: "<p>Suv vodorod va kisloroddan iborat.</p>" }],
    questions: [
      { difficulty: "easy" as const, text: "<p>2 + 2 = ?</p>", choices: choices("4", "5") },
      { difficulty: "medium" as const, text: "<p>Suv nimadan iborat?</p>", readingText: "m", choices: choices("H2O", "CO2") },
    ],
    reason: "Yangi savollar",
  });
  const bankSize = async (subjectId: number) => (await listQuestions({ subjectId })).total;

  it("the dry run says how many; the import skips them unless the organiser asks to add them again", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, counts: { easy: 1, medium: 1, hard: 1 } });
    const organiser = await organiserId();
    const base = await bankSize(o.subjectId);
    expect(await importQuestionBank(file(o.subjectId), { organiserId: organiser })).toMatchObject({ questions: 2, readingTexts: 1 });

    // The same file again: the dry run names both as in the bank, and the import adds nothing (not even the passage).
    const dryRun = await importQuestionBank(file(o.subjectId), { dryRun: true });
    expect(dryRun).toMatchObject({ questions: 0, readingTexts: 0, duplicates: 2 });
    expect(dryRun.preview?.map((q) => q.inBank)).toEqual([true, true]);
    expect(await importQuestionBank(file(o.subjectId), { organiserId: organiser })).toMatchObject({ questions: 0, duplicates: 2 });
    expect(await bankSize(o.subjectId)).toBe(base + 2);
    const [audited] = await db.select().from(organiserActions).orderBy(desc(organiserActions.id)).limit(1);
    expect(JSON.parse(audited.details!)).toMatchObject({ questions: 0, skipped: 2 });
    const { items } = await listActions({ page: 1 });
    expect(items.find((a) => a.id === audited.id)?.lines).toContainEqual({ label: "Bankda bor edi (qo'shilmadi)", value: "2" });

    // Another key, another passage or another difficulty's twin is not the same question: only the first two differ.
    const changed = file(o.subjectId);
    changed.questions[0].choices = choices("5", "4");
    changed.readingTexts[0].text = "<p>Boshqa matn.</p>";
    const mixed = await importQuestionBank(
      { ...changed, questions: [...changed.questions, { ...file(o.subjectId).questions[0], difficulty: "hard" as const }] },
      { dryRun: true },
    );
    expect(mixed).toMatchObject({ questions: 2, readingTexts: 1, duplicates: 1 });
    expect(mixed.preview?.map((q) => q.inBank)).toEqual([false, false, true]);

    // Asked for, through the import's own schema: added again.
    const again = questionImportSchema.parse({ ...file(o.subjectId), importDuplicates: true });
    expect(await importQuestionBank(again, { organiserId: organiser })).toMatchObject({ questions: 2, duplicates: 2 });
    expect(await bankSize(o.subjectId)).toBe(base + 4);
    expect(questionImportSchema.safeParse({ ...file(o.subjectId), importDuplicates: "yes" }).success).toBe(false);
    expect(uploadFields.parse({ format: "xlsx", subjectId: "1", importDuplicates: "true" }).importDuplicates).toBe(true);
    expect(uploadFields.parse({ format: "xlsx", subjectId: "1" }).importDuplicates).toBe(false);
  });

  it("a question taken out of the bank (retired) is not in it: the same question imports again", async () => {
    const o = await createTestOlympiad({ openedAt: T0, closedAt: T_CLOSE, counts: { easy: 1, medium: 1, hard: 1 } });
    await importQuestionBank(file(o.subjectId));
    await db
      .update(questions)
      .set({ retiredAt: T0 })
      .where(and(eq(questions.subjectId, o.subjectId), sql`${questions.texts} ->> '0' = '<p>2 + 2 = ?</p>'`));
    expect(await importQuestionBank(file(o.subjectId), { dryRun: true })).toMatchObject({ questions: 1, duplicates: 1 });
  });
});

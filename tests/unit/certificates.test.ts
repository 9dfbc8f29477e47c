// The certificate's date and its file's name: dated the day the pupil ended the test (or the
// organiser's day once it has come), never a day still ahead, and kept from its first issue (a
// later change of the test's date is for certificates issued after it); named in the site's one
// name order.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { certificateIssues, tests } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { certificateOfUsername, certificatesAfter, issueDateOf } from "@/lib/certificates/certificates";
import { certificateVersion } from "@/lib/certificates/render";
import { db } from "@/lib/db/client";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { certificateFileName, fullName } from "@/shared/identity/names";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

/** A moment in Tashkent (UTC+5), "2026-11-26 10:00". */
const tashkent = (dayTime: string) => new Date(`${dayTime.replace(" ", "T")}:00+05:00`);

describe("the certificate's date", () => {
  it.each([
    ["ended 26.11, no date of the organiser's", "2026-11-26 10:30", null, "2026-11-26 18:00", "26.11.2026"],
    ["ended late in the evening: Tashkent's day, not UTC's", "2026-11-26 23:30", null, "2026-11-27 09:00", "26.11.2026"],
    ["the organiser's date, not yet come", "2026-11-26 10:30", "2026-12-03", "2026-11-26 18:00", "26.11.2026"],
    ["the organiser's date, come", "2026-11-26 10:30", "2026-12-03", "2026-12-03 00:05", "03.12.2026"],
    ["the organiser's date, long past (the spec's 24.06.2025)", "2025-06-02 10:30", "2025-06-24", "2026-11-26 18:00", "24.06.2025"],
  ])("%s", (_, endedAt, certificateDate, now, issued) => {
    expect(issueDateOf({ endedAt: tashkent(endedAt), certificateDate }, tashkent(now))).toBe(issued);
  });

  it("of a test taken on 26.11 in a window that closes on 03.12 is 26.11, never 03.12", async () => {
    const o = await createTestOlympiad({ openedAt: tashkent("2026-11-26 09:00"), closedAt: tashkent("2026-12-03 20:01") });
    const pupil = await endedOn(o, "2026-11-26 10:40");
    const issued = async (now: string) => (await certificateOfUsername(pupil.username, tashkent(now)))?.issueDate;

    expect(await issued("2026-11-26 18:00")).toBe("26.11.2026");
    expect(await issued("2026-12-05 12:00")).toBe("26.11.2026");
  });
});

/** A pupil of `o` who took the test and ended it at `endedAt` (Tashkent). */
async function endedOn(o: { subjectId: number; pinCode: string }, endedAt: string) {
  const pupil = await createPupil({ subjectId: o.subjectId });
  const started = new Date(tashkent(endedAt).getTime() - 30 * 60_000);
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: started });
  await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: tashkent(endedAt) });
  return { ...pupil, attemptId };
}

describe("what was issued stays issued", () => {
  it("a certificate keeps the date it was first issued with; the test's new date is for certificates issued after it", async () => {
    const o = await createTestOlympiad({ openedAt: tashkent("2026-11-18 09:00"), closedAt: tashkent("2026-11-30 20:00") });
    const held = await endedOn(o, "2026-11-18 10:40");
    const later = await endedOn(o, "2026-11-18 11:10");
    const issued = async (username: string, now: string) => (await certificateOfUsername(username, tashkent(now)))?.issueDate;

    // The family downloads it on the 18th: "18.11.2026", its picture's version with it.
    const first = await certificateOfUsername(held.username, tashkent("2026-11-18 18:00"));
    expect(first?.issueDate).toBe("18.11.2026");
    // The organiser then sets the test's date to 01.12; on the 1st it has come.
    await db.update(tests).set({ certificateDate: "2026-12-01" }).where(eq(tests.id, o.testId));
    const again = await certificateOfUsername(held.username, tashkent("2026-12-02 09:00"));
    expect(again?.issueDate).toBe("18.11.2026");
    // The same picture: a kept or cached drawing is served as it was.
    expect(certificateVersion(again!)).toBe(certificateVersion(first!));
    // A certificate first issued after the change (and once its day has come) carries the new date, and keeps it.
    expect(await issued(later.username, "2026-12-01 08:00")).toBe("01.12.2026");
    await db.update(tests).set({ certificateDate: null }).where(eq(tests.id, o.testId));
    expect(await issued(later.username, "2026-12-05 08:00")).toBe("01.12.2026");
    expect(await issued(held.username, "2026-12-05 08:00")).toBe("18.11.2026");
    // The drawing ahead reads the same fixed dates.
    const ahead = await certificatesAfter(held.userId - 1, 1000, "https://olimpiada.example.uz", tashkent("2026-12-05 08:00"));
    const ours = ahead.filter((c) => c.username === held.username || c.username === later.username);
    expect(ours.map((c) => [c.username, c.issueDate])).toEqual([
      [held.username, "18.11.2026"],
      [later.username, "01.12.2026"],
    ]);
  });

  it("the migration keeps for the certificates issued before it the date they showed", async () => {
    const o = await createTestOlympiad({ openedAt: tashkent("2026-11-18 09:00"), closedAt: tashkent("2026-11-30 20:00") });
    const pupil = await endedOn(o, "2026-11-18 10:40");
    // Issued before certificate_issues existed: no row yet; the test's date has come since.
    await db.update(tests).set({ certificateDate: "2026-11-20" }).where(eq(tests.id, o.testId));
    await db.delete(certificateIssues).where(eq(certificateIssues.attemptId, pupil.attemptId));
    const migration = readFileSync("db/migrations/0028_certificate_issues.sql", "utf8").split("--> statement-breakpoint");
    // Its backfill, of this pupil's attempt only (other suites share the database).
    const backfill = migration[migration.length - 1].replace("WHERE a.ended_at", `WHERE a.id = ${pupil.attemptId} AND a.ended_at`);
    expect(backfill).toContain(`a.id = ${pupil.attemptId}`);
    await db.execute(sql.raw(backfill));
    const [kept] = await db.select().from(certificateIssues).where(eq(certificateIssues.attemptId, pupil.attemptId));
    expect(kept?.issuedOn).toBe("2026-11-20");
    await db.update(tests).set({ certificateDate: "2026-11-25" }).where(eq(tests.id, o.testId));
    expect((await certificateOfUsername(pupil.username, tashkent("2026-11-26 08:00")))?.issueDate).toBe("20.11.2026");
  });
});

describe("the certificate's file name", () => {
  it("follows the name order used everywhere else: last, first, middle", () => {
    const person = { lastName: "Gʻofurov", firstName: "Oʻlmas", middleName: "Baxtiyorovich" };
    expect(fullName(person)).toBe("Gʻofurov Oʻlmas Baxtiyorovich");
    expect(certificateFileName(person)).toBe("Gʻofurov_Oʻlmas_Baxtiyorovich.png");
    expect(certificateFileName({ ...person, middleName: null })).toBe("Gʻofurov_Oʻlmas.png");
    expect(certificateFileName({ lastName: "Abdurahmonova Qodirova", firstName: "Ra'no", middleName: "Shamsiddin qizi" })).toBe(
      "Abdurahmonova_Qodirova_Ra'no_Shamsiddin_qizi.png",
    );
  });
});

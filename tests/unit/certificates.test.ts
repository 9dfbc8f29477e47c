// The certificate's date and its file's name: dated the day the pupil ended the test (or the
// organiser's day once it has come), never a day still ahead; named in the site's one name order.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tests } from "@/db/schema";
import { finishAttempt } from "@/lib/attempts/ending";
import { newAttempt } from "@/lib/attempts/start";
import { certificateOfUsername, issueDateOf } from "@/lib/certificates/certificates";
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
    const pupil = await createPupil({ subjectId: o.subjectId });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: tashkent("2026-11-26 10:00") });
    await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: tashkent("2026-11-26 10:40") });
    const issued = async (now: string) => (await certificateOfUsername(pupil.username, tashkent(now)))?.issueDate;

    expect(await issued("2026-11-26 18:00")).toBe("26.11.2026");
    expect(await issued("2026-12-05 12:00")).toBe("26.11.2026");
    // The organiser's day is the certificate's once it has come, and not before.
    await db.update(tests).set({ certificateDate: "2026-12-03" }).where(eq(tests.id, o.testId));
    expect(await issued("2026-11-26 18:00")).toBe("26.11.2026");
    expect(await issued("2026-12-03 08:00")).toBe("03.12.2026");
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

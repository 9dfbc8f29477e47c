// The paid registration page's next steps: when the pupil's test opens and closes, and its language
// (the pupil's language of study); none before the payment or once the test has closed.
import { describe, expect, it } from "vitest";
import { nextSteps } from "@/lib/registration/next-steps";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { createTestRegistration } from "@/lib/testing/pupils";
import { StudyLanguage } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

const HOUR = 3_600_000;

describe("the paid page's next steps", () => {
  it("say when the pupil's test opens and closes and its language; none unpaid or once the test has closed", async () => {
    const openedAt = new Date(Date.now() + 24 * HOUR);
    const closedAt = new Date(openedAt.getTime() + 3 * HOUR);
    const o = await createTestOlympiad({ openedAt, closedAt });
    const pupil = await createPupil({ subjectId: o.subjectId, language: StudyLanguage.Russian });
    expect(await nextSteps(pupil.guid, new Date())).toEqual({
      test: { openedAt: openedAt.toISOString(), closedAt: closedAt.toISOString() },
      language: StudyLanguage.Russian,
    });
    expect(await nextSteps(pupil.guid, closedAt)).toBeNull();
    const unpaid = await createTestRegistration({ subjectId: o.subjectId });
    expect(await nextSteps(unpaid.guid, new Date())).toBeNull();
  });
});

// The demo's olympiad that has already happened: every after-test screen has something to show on
// the first start, with no step of the newcomer's, and a second start finds it in place.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appealDecisions, appeals, attempts, registrations, rehearsals, seasons, subjects, tests } from "@/db/schema";
import { appealsView } from "@/lib/appeals/appeals";
import { anyTest } from "@/lib/attempts/counting";
import { certificateOfUsername } from "@/lib/certificates/certificates";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { exclusively } from "@/lib/db/migrate";
import { finalListByHash, latestFinalList, listStatus } from "@/lib/final-list/final";
import { screeningOf } from "@/lib/integrity/decisions";
import { receiptOfRegistration } from "@/lib/payments/fiscal";
import { inSeason } from "@/lib/seasons/period";
import { DEMO_GUIDS, seedDemo } from "@/lib/setup/demo";
import { DEMO_AFTER_TEST } from "@/lib/setup/demo-after-test";
import { DEMO_PAYME_RECEIPT } from "@/lib/setup/demo-families";
import { DEMO_LAST_SEASON } from "@/lib/setup/demo-last-season";
import { itemStatistics } from "@/lib/statistics/items";
import { setUpDatabase } from "../support/database";
import { DEMO_SEED_MS } from "../support/test-env";

setUpDatabase();

// As a server's start seeds it: one at a time (on PostgreSQL another suite's start may be seeding the same database).
const seed = () => exclusively(() => seedDemo(db, { feeSom: 50_000, pinCode: config().demoPin }));

async function testOf(name: string) {
  const [row] = await db
    .select({ testId: tests.id, closedAt: tests.closedAt })
    .from(tests)
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .where(and(eq(subjects.name, name), eq(subjects.grade, 9), inSeason(undefined), anyTest()));
  return row;
}

describe("the demo's finished olympiad", () => {
  it(
    "seeds a closed test with a final list, one with appeals open and a listed pair, a rehearsal report, and last season closed with its list final",
    async () => {
      await seed();
      const now = new Date();
      const final = await testOf("Matematika");
      const open = await testOf("Fizika");
      expect(final.closedAt.getTime()).toBeLessThan(now.getTime());
      expect(open.closedAt.getTime()).toBeLessThan(now.getTime());

      const ended = (testId: number) => db.$count(attempts, and(eq(attempts.testId, testId), isNotNull(attempts.endedAt)));
      expect(await ended(final.testId)).toBe(37);
      expect(await ended(open.testId)).toBe(37);

      // The finalised list, its public page's record, and the family's page saying so.
      const status = await listStatus(db, final.testId, now);
      expect(status?.state).toBe("final");
      expect(await finalListByHash(status!.final!.topHash)).not.toBeNull();
      const family = await appealsView({ guid: DEMO_AFTER_TEST.final.guid }, "uz", now);
      expect(family?.list.state).toBe("final");
      expect(family?.appeals.map((a) => a.decision?.outcome)).toEqual(["void"]);

      // Appeals: both of the finished test's decided; of the open one's, one decided and one waiting.
      const count = (testId: number, decided: boolean) =>
        db.$count(appeals, and(eq(appeals.testId, testId), decided ? isNotNull(appeals.decisionId) : isNull(appeals.decisionId)));
      expect([await count(final.testId, true), await count(final.testId, false)]).toEqual([2, 0]);
      expect([await count(open.testId, true), await count(open.testId, false)]).toEqual([1, 1]);
      expect(await db.$count(appealDecisions, eq(appealDecisions.testId, final.testId))).toBe(2);
      const russian = await appealsView({ guid: DEMO_AFTER_TEST.appealing.guid }, "ru", now);
      expect(russian?.list.state).toBe("provisional");
      expect(russian?.appeals.map((a) => a.decision)).toEqual([null]);

      // The screening lists the pair that copied (their 11th pupil copied by their 19th). Whether an
      // honest pair is listed too rests on the papers' random draws: at most its false discovery rate.
      const listed = (await screeningOf(open.testId)).pairs.map((p) => [p.a?.username, p.b?.username].sort().join(" "));
      expect(listed).toContain("demo9f11 demo9f19");

      // The item statistics have their attempts, and the voided question shows as voided.
      const items = await itemStatistics({ testId: final.testId });
      expect(items?.attempts).toBe(37);
      expect(items?.items.filter((i) => i.voided).length).toBe(1);

      const reports = (await db.select().from(rehearsals).where(isNotNull(rehearsals.report))).map((r) => r.report);
      expect(reports).toContainEqual(expect.objectContaining({ url: "demo", example: true }));

      // The paid families' receipts: Payme's registered with its address, Click's queued for the receipts' job.
      expect(await receiptOfRegistration(DEMO_GUIDS.paid)).toEqual({ state: "registered", url: DEMO_PAYME_RECEIPT, provider: "payme" });
      // Click's is queued; on a shared database another suite's run of the receipts' job may have registered it since.
      expect(await receiptOfRegistration(DEMO_GUIDS.paidRussian)).toMatchObject({
        state: expect.stringMatching(/^(waiting|registered)$/),
        provider: "click",
      });
      expect(await receiptOfRegistration(DEMO_AFTER_TEST.final.guid)).toMatchObject({ state: null, provider: "card" });

      // Last season beside this one: closed, its family in it, its list final and verifying, its certificate dated.
      const [lastFamily] = await db.select().from(registrations).where(eq(registrations.guid, DEMO_LAST_SEASON.guid));
      const [last] = await db.select().from(seasons).where(eq(seasons.id, lastFamily.seasonId));
      const [current] = await db.select().from(seasons).where(eq(seasons.takingRegistrations, true));
      expect(last.year).toBe(current.year - 1);
      const [lastTest] = await db
        .select({ testId: tests.id })
        .from(tests)
        .innerJoin(subjects, eq(subjects.id, tests.subjectId))
        .where(and(eq(subjects.name, "Matematika"), eq(subjects.grade, 9), inSeason(last.id), anyTest()));
      const lastList = await latestFinalList(lastTest.testId);
      expect(lastList?.ranked).toBeGreaterThan(30);
      expect((await finalListByHash(lastList?.topHash ?? ""))?.testId).toBe(lastTest.testId);
      const certificate = await certificateOfUsername(DEMO_LAST_SEASON.username);
      expect(certificate?.issueDate).toMatch(new RegExp(`\\.${last.year}$`));

      // A second start finds everything in place (the demo's own tests counted: on PostgreSQL other suites share the database).
      const demoAttempts = async () => (await ended(final.testId)) + (await ended(open.testId));
      const before = await demoAttempts();
      await seed();
      expect(await demoAttempts()).toBe(before);
    },
    DEMO_SEED_MS,
  );
});

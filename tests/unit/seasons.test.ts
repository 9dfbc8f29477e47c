// Seasons: the registration period's rule and its SQL twin on the same cases, the migration that
// puts a demo database of the day before seasons into seasons of their years, and the period kept
// by the registration and by every way of paying (Payme, Click, the card).
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { organiserActions, questions, registrations, seasons, subjects, tests, users } from "@/db/schema";
import { decideAppeals } from "@/lib/appeals/decisions";
import { regrade } from "@/lib/appeals/rescoring";
import { readActions } from "@/lib/audit/log";
import { AuditAction, type AuditEntry, recordAction } from "@/lib/audit/record";
import { boardTests } from "@/lib/board/board";
import { db } from "@/lib/db/client";
import { buildExport, type ExportFile } from "@/lib/final-list/files";
import { finalise } from "@/lib/final-list/finalise";
import { confirmSandboxPayment } from "@/lib/payments/card";
import { answerClick } from "@/lib/payments/click";
import { answerPayme } from "@/lib/payments/payme";
import { findRegistration, payableAt } from "@/lib/payments/service";
import { searchPupils } from "@/lib/pupils/pupils";
import { register } from "@/lib/registration/registration";
import { registrationDetail, searchRegistrations } from "@/lib/registration/search";
import { resultsTests } from "@/lib/results/ranking";
import { ExportFormat, ExportScope } from "@/lib/results/schema";
import { auditInSeason } from "@/lib/seasons/audit";
import {
  closedSeasonSql,
  currentSeasonOf,
  currentSeasonSql,
  isClosedSeason,
  type RegistrationPhase,
  registrationPhase,
  registrationPhaseSql,
} from "@/lib/seasons/period";
import { registeringSeason, stateOffer } from "@/lib/seasons/seasons";
import { listTests, upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { createTestPupil, createTestRegistration } from "@/lib/testing/pupils";
import { ErrorCode } from "@/shared/http/contract";
import { clickPrepareFields, clickSigned } from "../support/click";
import { evaluate, setUpDatabase } from "../support/database";
import { organiserId as theOrganiser } from "../support/organiser";
import { taken } from "../support/taken";
import { TEST_ENV } from "../support/test-env";

setUpDatabase();

const PERIOD = { registrationOpens: "2027-05-12", registrationCloses: "2027-05-31" };
const PHASES: [string, boolean, RegistrationPhase][] = [
  ["2027-05-11", true, "before"],
  ["2027-05-12", true, "open"],
  ["2027-05-31", true, "open"],
  ["2027-06-01", true, "after"],
  ["2027-05-11", false, "before"],
  ["2027-05-20", false, "after"],
  ["2027-06-01", false, "after"],
];

describe("a season's registration period", () => {
  it.each(PHASES)("on %s (taking registrations: %s) is %s, in TypeScript and in SQL", async (today, taking, phase) => {
    expect(registrationPhase({ ...PERIOD, takingRegistrations: taking }, today)).toBe(phase);
    const columns = { opens: sqlDate(PERIOD.registrationOpens), closes: sqlDate(PERIOD.registrationCloses), taking: sqlBool(taking) };
    expect(await evaluate(registrationPhaseSql(today, columns))).toBe(phase);
  });

  it("the current season is the one taking registrations, else the newest, in TypeScript and in SQL", async () => {
    expect(
      currentSeasonOf([
        { year: 2026, takingRegistrations: true },
        { year: 2027, takingRegistrations: false },
      ])?.year,
    ).toBe(2026);
    expect(
      currentSeasonOf([
        { year: 2026, takingRegistrations: false },
        { year: 2027, takingRegistrations: false },
      ])?.year,
    ).toBe(2027);
    expect(currentSeasonOf([])).toBeNull();
    const all = await db.select().from(seasons);
    expect(await evaluate(currentSeasonSql())).toBe(currentSeasonOf(all)?.id);
  });
});

const sqlDate = (day: string) => sql`${day}::date`;
const sqlBool = (value: boolean) => sql`${value}::boolean`;

describe("the migration into seasons", () => {
  it("keeps every row of a demo database made before seasons, each in a season of its own year", async () => {
    // The migrations up to the one before seasons, then the demo's rows as that day's demo made them.
    const folder = mkdtempSync(path.join(tmpdir(), "olimpiada-migrations-"));
    cpSync("db/migrations", folder, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
    const before = { ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0029") };
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(before));
    const client = new PGlite();
    const old = drizzle(client);
    await migrate(old, { migrationsFolder: folder });
    const dump = gunzipSync(readFileSync("tests/fixtures/demo-before-seasons.sql.gz")).toString("utf8");
    await client.exec(`SET session_replication_role = replica;\n${dump}\nSET session_replication_role = origin;\nRESET search_path;`);
    const tables = (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")).rows.map(
      (r) => r.name,
    );
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (t) => [t, (await client.query<{ n: number }>(`select count(*)::int as n from "${t}"`)).rows[0].n] as const),
        ),
      );
    // One family registered a year later, before its subject's test was moved: its own year's season.
    const [later] = (
      await client.query<{ guid: string; user_id: number }>(
        "select r.guid, r.user_id from registrations r join users u on u.id = r.user_id join subjects s on s.id = u.subject_id where not s.rehearsal order by r.guid limit 1",
      )
    ).rows;
    await client.query("update registrations set created_at = created_at + interval '1 year' where guid = $1", [later.guid]);
    const countsBefore = await counts();
    expect(countsBefore.registrations).toBeGreaterThan(50);
    const years = (
      await client.query<{ y: number }>(
        "select distinct extract(year from (created_at at time zone 'Asia/Tashkent'))::int as y from registrations",
      )
    ).rows.map((r) => r.y);

    // The seasons' migration, as a start applies it (the whole folder: only 0029 is pending).
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    await migrate(old, { migrationsFolder: folder });

    const after = await counts();
    // Every row kept; one subject more: the later family's year's own.
    for (const table of tables) expect(after[table], table).toBe(countsBefore[table] + (table === "subjects" ? 1 : 0));
    const moved = await client.query<{ year: number; same: boolean }>(
      `select se.year, s.season_id = r.season_id as same from registrations r join seasons se on se.id = r.season_id
       join users u on u.id = r.user_id join subjects s on s.id = u.subject_id where r.guid = $1`,
      [later.guid],
    );
    expect(moved.rows).toEqual([{ year: Math.max(...years), same: true }]);
    const seasonYears = (await client.query<{ year: number }>("select year from seasons")).rows.map((r) => r.year);
    for (const year of years) expect(seasonYears).toContain(year);
    expect((await client.query<{ n: number }>("select count(*)::int as n from seasons where taking_registrations")).rows[0].n).toBe(1);
    // Every subject in the season of its first test's year; every registration in its pupil's subject's season.
    const misplaced = await client.query(`
      select s.id from subjects s join seasons se on se.id = s.season_id
      where exists (select 1 from tests t where t.subject_id = s.id)
        and se.year <> (select extract(year from (min(t.opened_at) at time zone 'Asia/Tashkent'))::int from tests t where t.subject_id = s.id)`);
    expect(misplaced.rows).toEqual([]);
    const astray = await client.query(`
      select r.guid from registrations r join users u on u.id = r.user_id join subjects s on s.id = u.subject_id
      where (r.season_id <> s.season_id and not s.rehearsal) or r.offer_version <> 1`);
    expect(astray.rows).toEqual([]);
    // The money stays what each family was asked: no registration's fee moved.
    const fees = await client.query<{ n: number }>("select count(*)::int as n from registrations where amount_som is null");
    expect(fees.rows[0].n).toBe(0);
    await client.close();
  }, 120_000);
});

/** A day before the suites' registration period and one after it (Tashkent). */
const outside = {
  before: () => new Date(Date.parse(`${TEST_ENV.REGISTRATION_OPENS}T12:00:00+05:00`) - 86_400_000),
  after: () => new Date(Date.parse(`${TEST_ENV.REGISTRATION_CLOSES}T12:00:00+05:00`) + 86_400_000),
};

describe("the registration period is kept", () => {
  const details = async () => {
    const registered = await createTestRegistration();
    const [row] = await db.select().from(registrations).where(eq(registrations.guid, registered.guid));
    return { registered, row };
  };

  it("a registration records its season, the offer's version and that offer's fee", async () => {
    const { row } = await details();
    const season = await registeringSeason();
    expect(row.seasonId).toBe(season?.seasonId);
    expect(row.offerVersion).toBe(season?.offerVersion);
    expect(row.amountSom).toBe(season?.feeSom);
  });

  it("before the period opens and after it closes, no new registration and no change of an unpaid one", async () => {
    const { registered } = await details();
    const [pupil] = await db.select({ subjectId: users.subjectId }).from(users).where(eq(users.id, registered.userId));
    const fresh = {
      guid: randomUUID(),
      regionId: 1726,
      districtId: 1726266,
      grade: 7,
      subjectId: pupil.subjectId ?? 0,
      firstName: "Vaqt",
      lastName: "Tashqarisi",
    };
    await expect(register(fresh, { clientAddress: null, at: outside.before() })).rejects.toMatchObject({
      code: ErrorCode.RegistrationNotOpen,
    });
    await expect(register(fresh, { clientAddress: null, at: outside.after() })).rejects.toMatchObject({
      code: ErrorCode.RegistrationClosed,
    });
    expect(await db.select().from(registrations).where(eq(registrations.guid, fresh.guid))).toEqual([]);
    await expect(register({ ...fresh, guid: registered.guid }, { clientAddress: null, at: outside.after() })).rejects.toMatchObject({
      code: ErrorCode.RegistrationClosed,
    });
    const [kept] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, registered.userId));
    expect(kept.firstName).not.toBe("Vaqt");
    // Within the period the same details register.
    await register(fresh, { clientAddress: null });
    expect(await db.select().from(registrations).where(eq(registrations.guid, fresh.guid))).toHaveLength(1);
  });

  it("after the period Payme answers -31052 for the unpaid order and the card and Click refuse it too", async () => {
    const { registered, row } = await details();
    const after = outside.after().getTime();
    const account = { guid: registered.guid };
    const amount = row.amountSom * 100;
    const authorization = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
    const payme = (method: string, params: Record<string, unknown>, now: number) =>
      answerPayme({ body: { jsonrpc: "2.0", id: 1, method, params }, authorization, now }) as Promise<{
        error?: { code: number; data?: string };
      }>;
    for (const [method, params] of [
      ["CheckPerformTransaction", { amount, account }],
      ["CreateTransaction", { id: randomBytes(12).toString("hex"), time: after, amount, account }],
    ] as const) {
      const answer = await payme(method, params, after);
      expect(answer.error?.code, method).toBe(-31052);
      expect(answer.error?.data).toBe("guid");
    }
    const before = outside.before().getTime();
    expect((await payme("CheckPerformTransaction", { amount, account }, before)).error?.code).toBe(-31052);
    // Within the period the same order is payable.
    expect((await payme("CheckPerformTransaction", { amount, account }, Date.now())).error).toBeUndefined();

    const click = await answerClick(
      "prepare",
      new URLSearchParams(clickSigned(clickPrepareFields(registered.guid, { amount: String(row.amountSom) }))),
      after,
    );
    expect(click.error).toBe(-5);
    expect(click.error_note).toBe("Outside the registration period");
    await expect(confirmSandboxPayment({ guid: registered.guid, amountSom: row.amountSom, now: after })).rejects.toMatchObject({
      code: ErrorCode.RegistrationClosed,
    });

    const locked = await findRegistration(registered.guid);
    expect(locked && payableAt(locked, after)).toBe("after");
    expect(locked && payableAt(locked, Date.now())).toBe("open");
  });
});

/** A season of long ago (2001), and an olympiad in it: made in the current season, then moved there. */
async function olympiadOfLongAgo() {
  await db
    .insert(seasons)
    .values({ year: 2001, title: "2001", registrationOpens: "2001-05-12", registrationCloses: "2001-05-31", feeSom: 75_000 })
    .onConflictDoNothing();
  const [old] = await db.select().from(seasons).where(eq(seasons.year, 2001));
  await db.transaction((tx) => stateOffer(tx, old.id));
  const o = await createTestOlympiad({ openedAt: new Date(Date.now() - 3 * 86_400_000), closedAt: new Date(Date.now() - 2 * 86_400_000) });
  await db.update(subjects).set({ seasonId: old.id }).where(eq(subjects.id, o.subjectId));
  return { old, o };
}

describe("the console's lists are a season's", () => {
  it("tests, results, the board, registrations and payments: the chosen season's, by default the current one's", async () => {
    const { old, o } = await olympiadOfLongAgo();
    const registered = await createTestRegistration();
    await db.update(registrations).set({ seasonId: old.id, offerVersion: 1 }).where(eq(registrations.guid, registered.guid));
    const ids = (items: { subjectId: number }[]) => items.map((item) => item.subjectId);
    expect(ids(await listTests({ seasonId: old.id }))).toContain(o.subjectId);
    expect(ids(await listTests())).not.toContain(o.subjectId);
    expect(ids(await boardTests(new Date(), old.id))).toContain(o.subjectId);
    expect(ids(await boardTests(new Date()))).not.toContain(o.subjectId);
    expect((await resultsTests(old.id)).map((t) => t.testId)).toContain(o.testId);
    expect((await resultsTests()).map((t) => t.testId)).not.toContain(o.testId);
    const guids = async (seasonId?: number) => (await searchRegistrations({ seasonId })).items.map((item) => item.guid);
    expect(await guids(old.id)).toContain(registered.guid);
    expect(await guids()).not.toContain(registered.guid);
    // One registration by its guid is found whatever the season.
    expect((await registrationDetail({ guid: registered.guid })).registration.guid).toBe(registered.guid);
  });

  it("the audit is a season's: a line about a 2001 test or a 2001 export in 2001's, a line of no season in every season's", async () => {
    const organiserId = await theOrganiser();
    const o = await createTestOlympiad();
    const pupil = await createTestPupil({ subjectId: o.subjectId });
    const { old } = await olympiadOfLongAgo();
    await db.update(subjects).set({ seasonId: old.id }).where(eq(subjects.id, o.subjectId));
    // Each line found by a reason of its own (other suites write lines on a shared database meanwhile).
    const line = async (entry: Omit<AuditEntry, "organiserId" | "reason">) => {
      const reason = randomUUID();
      await recordAction(db, { organiserId, reason, ...entry });
      const [{ id }] = await db.select({ id: organiserActions.id }).from(organiserActions).where(eq(organiserActions.reason, reason));
      return id;
    };
    const ofTest = await line({ action: AuditAction.TestSave, targetType: "test", targetId: o.testId });
    const ofPupil = await line({ action: AuditAction.PupilBlock, targetType: "pupil", targetId: pupil.userId });
    const ofExport = await line({ action: AuditAction.PaymentsExport, targetType: "payments", targetId: null, details: { season: 2001 } });
    const ofNone = await line({ action: AuditAction.OrganiserCreate, targetType: "organiser", targetId: organiserId });
    const ids = async (seasonId?: number) => (await readActions({ lines: auditInSeason(seasonId) })).actions.map((a) => a.id);
    expect(await ids(old.id)).toEqual(expect.arrayContaining([ofTest, ofPupil, ofExport, ofNone]));
    const current = await ids();
    expect(current).toContain(ofNone);
    expect(current).not.toContain(ofTest);
    expect(current).not.toContain(ofPupil);
    expect(current).not.toContain(ofExport);
  });

  it("the pupils' list is a season's: a pupil of 2001's subject is listed in 2001 only", async () => {
    const o = await createTestOlympiad();
    const pupil = await createTestPupil({ subjectId: o.subjectId });
    const { old } = await olympiadOfLongAgo();
    await db.update(subjects).set({ seasonId: old.id }).where(eq(subjects.id, o.subjectId));
    const logins = async (seasonId?: number) => (await searchPupils({ q: pupil.username, seasonId })).items.map((item) => item.username);
    expect(await logins(old.id)).toEqual([pupil.username]);
    expect(await logins()).toEqual([]);
  });

  it("the results file of every test is one season's and names it: another season's pupils are not in it", async () => {
    // Taken while open, then the one olympiad moved to 2001; the other stays in the current season.
    const past = await createTestOlympiad();
    const [then] = await taken(past, [[true, true]]);
    const now = await createTestOlympiad();
    const [current] = await taken(now, [[true]]);
    const { old } = await olympiadOfLongAgo();
    await db.update(subjects).set({ seasonId: old.id }).where(eq(subjects.id, past.subjectId));
    const logins = (file: ExportFile) => file.rows.map((row) => row[2]);
    const ofOld = (await buildExport({ seasonId: old.id, scope: ExportScope.All, format: ExportFormat.Csv }))!;
    expect(logins(ofOld)).toContain(then.username);
    expect(logins(ofOld)).not.toContain(current.username);
    expect(ofOld.fileName).toMatch(/^natijalar_2001_barchasi_barcha-fanlar_/);
    expect(ofOld.info).toContain("2001 mavsumi");
    // No season named: the current one's.
    const ofCurrent = (await buildExport({ scope: ExportScope.All, format: ExportFormat.Csv }))!;
    expect(logins(ofCurrent)).toContain(current.username);
    expect(logins(ofCurrent)).not.toContain(then.username);
    const year = currentSeasonOf(await db.select().from(seasons))?.year;
    expect(ofCurrent.fileName).toMatch(new RegExp(`^natijalar_${year}_barchasi_`));
    // A test's own file is its season's, whichever season is asked for.
    const ofTest = (await buildExport({ testId: past.testId, scope: ExportScope.All, format: ExportFormat.Csv }))!;
    expect(ofTest.fileName).toMatch(/^natijalar_2001_barchasi_/);
    expect(logins(ofTest)).toEqual([then.username]);
  });
});

describe("a past season is closed", () => {
  it("is older than the current season, in TypeScript and in SQL", async () => {
    expect(isClosedSeason({ year: 2025 }, { year: 2026 })).toBe(true);
    expect(isClosedSeason({ year: 2026 }, { year: 2026 })).toBe(false);
    expect(isClosedSeason({ year: 2027 }, { year: 2026 })).toBe(false);
    expect(isClosedSeason({ year: 2025 }, null)).toBe(false);
    const current = currentSeasonOf(await db.select().from(seasons));
    for (const year of [2001, current?.year ?? 0, (current?.year ?? 0) + 50]) {
      expect(await evaluate(closedSeasonSql(sql`${year}::int`)), String(year)).toBe(isClosedSeason({ year }, current));
    }
  });

  it("takes no change of a test's settings, no regrade, no appeal decision and no final list", async () => {
    const organiserId = await theOrganiser();
    const { o } = await olympiadOfLongAgo();
    const closed = { code: ErrorCode.SeasonClosed };
    const [question] = await db.select({ id: questions.id }).from(questions).where(eq(questions.subjectId, o.subjectId)).limit(1);
    await expect(
      upsertSubjectTest({
        subjectId: o.subjectId,
        organiserId,
        settings: { openedAt: new Date().toISOString(), closedAt: new Date(Date.now() + 86_400_000).toISOString(), pinCode: "1234" },
      }),
    ).rejects.toMatchObject(closed);
    await expect(
      regrade({
        organiserId,
        testId: o.testId,
        input: { questionId: question.id, action: "void", reason: "Kalit xato", dryRun: false } as never,
      }),
    ).rejects.toMatchObject(closed);
    await expect(
      decideAppeals({ organiserId, testId: o.testId, input: { questionId: question.id } as never, now: new Date() }),
    ).rejects.toMatchObject(closed);
    await expect(finalise({ organiserId, testId: o.testId, expectedTopHash: "x", reason: "Yakun", now: new Date() })).rejects.toMatchObject(
      closed,
    );
    // Nothing of it moved.
    const [test] = await db.select({ closedAt: tests.closedAt }).from(tests).where(eq(tests.id, o.testId));
    expect(test.closedAt.getTime()).toBeLessThan(Date.now());
  });
});

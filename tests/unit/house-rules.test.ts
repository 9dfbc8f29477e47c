// The rules every read of attempts, tests, subjects and pupils must obey have one home,
// lib/attempts/counting.ts (and, for "blocked", lib/identity/blocked.ts). This test reads the
// server's source and fails when code elsewhere restates one of them by hand or reads one of those
// tables without naming which rows it means: a query written the old way
// (`db.select().from(attempts).where(eq(attempts.testId, id))`, which would count a rehearsal's and
// reset attempts) fails here, and so in CI, before it can leak anything.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const HOMES = ["lib/attempts/counting.ts", "lib/identity/blocked.ts"];
const FOLDERS = ["app", "lib", "components", "shared", "server", "middleware.ts", "instrumentation.ts"];

/**
 * Files that may read attempts, tests or subjects without a scope of the home, each for its
 * reason. Keep it short: every entry is a place where a forgotten rule would not be seen.
 */
const UNSCOPED_READS: Record<string, string> = {
  "lib/attempts/scoring-sql.ts": "scores exactly the attempts its caller's condition chose",
};

/** The record itself: a pupil's own data (export, erasure) shows every column as it is. */
const RECORD = "lib/personal-data/personal-data.ts";

/** Rules restated by hand: what each looks like, and what to use instead. */
const RESTATED: { rule: string; pattern: RegExp; instead: string; except?: string[] }[] = [
  {
    rule: "not reset",
    pattern: /\bis(?:Not)?Null\(\s*\w+\.resetAt\s*\)|\breset_at\s+is\s+(?:not\s+)?null/,
    instead: "currentAttempt / countingAttempt",
  },
  {
    rule: "not a rehearsal",
    pattern:
      /(?<!\w:\s?)\bsubjects\.rehearsal\b|(?:\|\||&&|\?)\s*\w+\.rehearsal\b|\bnot\s+\w+\.rehearsal\b|!\s*\w+\.rehearsal\b|\b\w+\.rehearsal\s*(?:=|is\b)/,
    instead: "countingAttempt / olympiadAttempt / olympiadSubjectSql / olympiadPupil / isOlympiadSubject",
  },
  {
    rule: "the olympiad's tests",
    pattern: /\btests\s+\w+\s+join\s+subjects\b/,
    instead: "olympiadTests (or anyTest)",
  },
  {
    rule: "blocked",
    pattern:
      /\bblocked_at\}?\s+is\b|\bis(?:Not)?Null\(\s*[\w.]*\bblockedAt\s*\)|\bblockedAt\}?\s*(?:[!=]==?|\|\||&&|\)|\?\?|\s+is\b)|!\s*[\w.]*\bblockedAt\b/,
    instead: "isBlocked / blockedPupil / unblockedPupil / rankedAttempt",
    except: [RECORD],
  },
  {
    rule: "voided",
    pattern:
      /\bvoided_at\}?\s+is\b|\bis(?:Not)?Null\(\s*[\w.]*\bvoidedAt\s*\)|\bvoidedAt\}?\s*(?:[!=]==?|\|\||&&|\)|\?\?|\s+is\b)|!\s*[\w.]*\bvoidedAt\b/,
    instead: "isVoided / countingAttempt / attemptExclusion",
    except: [RECORD, "lib/integrity/decisions.ts"], // the decision that voids writes the column
  },
  {
    rule: "the total score",
    pattern: /(?:easy_score_tenths|easyScoreTenths)[^;\n]*\+[^;\n]*(?:medium_score_tenths|mediumScoreTenths)/,
    instead: "totalTenths / totalTenthsSql",
  },
  {
    rule: "moving a deadline by minutes",
    pattern: /make_interval\(\s*mins\s*=>/,
    instead: "extendedDeadlineSql / extendableAttempt (or deadlineSql at the start)",
    except: ["lib/attempts/rules-sql.ts"],
  },
];

const ATTEMPT_SCOPES = /\b(?:countingAttempt|rankedAttempt|currentAttempt|olympiadAttempt|anyAttempt|runningAttempt|extendableAttempt)\(/;
/**
 * One test or subject chosen by its id (a value, or the id a row already chosen holds: an
 * attempt's test, a pupil's subject, a final list's test), or a subject's one test: no scope
 * needed. A join of the two tables to each other chooses nothing.
 */
const TEST_BY_ID = new RegExp(
  [
    String.raw`\b(?:eq|inArray)\(\s*tests\.(?:id|subjectId)\s*,\s*(?!subjects\b)[\w.]+`,
    String.raw`\b(?:eq|inArray)\(\s*subjects\.id\s*,\s*(?!tests\b)[\w.]+`,
    String.raw`\b[ts]\.(?:id|subject_id)\s*=\s*(?:\$\{|(?![ts]\.)\w+\.(?:test_id|subject_id)\b)`,
  ].join("|"),
);

/** The tables whose reads name their rows, each with its scopes and what reads one row by its id. */
const TABLES: { table: string; scopes: RegExp; byId: RegExp }[] = [
  {
    table: "attempts",
    scopes: ATTEMPT_SCOPES,
    // One attempt already chosen by its id (through a scope, by the caller): no scope needed again.
    byId: /\b(?:eq|inArray)\(\s*attempts\.id\s*,\s*(?!attemptQuestions\b)\w+|\ba\.id\s*=\s*\$\{/,
  },
  ...["tests", "subjects"].map((table) => ({
    table,
    // A test reached from an attempt a scope chose is that attempt's.
    scopes: new RegExp(`\\b(?:olympiadTests|olympiadSubjectSql|olympiadPupil|anyTest)\\(|${ATTEMPT_SCOPES.source}`),
    byId: TEST_BY_ID,
  })),
];
/** A read of a table: drizzle's from/join, or raw SQL's. */
const readOf = (table: string) =>
  new RegExp(`\\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*${table}\\b|\\b(?:from|join)\\s+${table}\\b(?![_a-z])`, "g");

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return /\.(?:ts|tsx|mjs)$/.test(entry) ? [entry] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** Files that read tests, subjects or registrations without a season, each for its reason. */
const SEASONLESS_READS: Record<string, string> = {
  "lib/seasons/period.ts": "the season's rules themselves",
  "lib/results/ranking-sql.ts": "ranks within each test, and a test is one season's",
  "lib/family-events/outbox.ts": "the registration of each event's pupil, and a pupil is one season's",
  "lib/invitations/roster.ts": "the registrations of one test's invited pupils, and a test is one season's",
};

/**
 * The season's scope (lib/seasons/period.ts): a read that lists, counts or ranks tests, subjects or
 * registrations names its season (inSeason), the current one (currentSeasonSql) or every season on
 * purpose (anySeason), or what a list covers (coveredTests: one test, or a season's tests); one row
 * chosen by its id, or a registration by its guid or pupil, needs none.
 */
const SEASON_SCOPES = /\b(?:inSeason|anySeason|currentSeasonSql|coveredTests|pupilInSeason)\(/;
// A value, not a join: `eq(registrations.userId, users.id)` is a join and chooses nothing.
const REGISTRATION_BY_ID =
  /\b(?:eq|inArray)\(\s*registrations\.(?:guid|userId)\s*,(?!\s*(?:users|payments|registrations|attempts|paidWith)\.)|\br\.(?:guid|user_id)\s*=\s*\$\{|\beq\(\s*(?:users\.id|payments\.registrationGuid)\s*,(?!\s*(?:users|payments|registrations|attempts)\.)|\bu\.id\s*=\s*\$\{/;
/**
 * One user chosen by id or login, the pupil of a row already chosen (an attempt's, a registration's,
 * an organiser's decision), a subject's pupils (a subject is one season's), or the organisers (no
 * season's): the rest of the reads of users list pupils, and name their season (pupilInSeason).
 */
const USER_BY_ID =
  /\b(?:eq|inArray)\(\s*users\.(?:id|username|subjectId)\s*,|\beq\(\s*users\.role\s*,\s*UserRole\.Admin\b|\bu\.id\s*=\s*(?:\$\{|\w+\.(?:user_id|organiser_id)\b)|\bu\.(?:username|subject_id)\s*=/;
const SEASON_TABLES: { table: string; scopes: RegExp; byId: RegExp }[] = [
  ...["tests", "subjects"].map((table) => ({ table, scopes: SEASON_SCOPES, byId: TEST_BY_ID })),
  { table: "registrations", scopes: SEASON_SCOPES, byId: REGISTRATION_BY_ID },
  { table: "users", scopes: SEASON_SCOPES, byId: USER_BY_ID },
];

/** Each statement reading attempts, tests or subjects without a scope, as "file:line table". */
function unscopedReads(file: string, text: string, tables = TABLES): string[] {
  const found: string[] = [];
  for (const { table, scopes, byId } of tables) {
    for (const match of text.matchAll(readOf(table))) {
      const start = match.index ?? 0;
      // The statement: from the query it is part of (the nearest select before it) up to its
      // semicolon, or up to the next drizzle query it sits beside.
      const from = Math.max(0, text.lastIndexOf("select", start), text.lastIndexOf("sql`", start));
      const rest = text.slice(start);
      const end = [rest.indexOf(";"), rest.slice(1).search(/\.select\(/) + 1].filter((i) => i > 0);
      const statement = text.slice(from, start) + rest.slice(0, end.length ? Math.min(...end) : rest.length);
      if (!scopes.test(statement) && !byId.test(statement)) found.push(`${file}:${text.slice(0, start).split("\n").length} ${table}`);
    }
  }
  return found;
}

/** Each line restating a rule outside its home, as "file:line: rule (use …)". */
function restatedRules(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) return; // comments may name a rule
    for (const { rule, pattern, instead, except } of RESTATED) {
      if (!except?.includes(file) && pattern.test(line)) found.push(`${file}:${i + 1}: ${rule} (use ${instead})`);
    }
  });
  return found;
}

const files = FOLDERS.flatMap(sourceFiles).filter((file) => !HOMES.includes(file));

describe("the rules every read of attempts, tests, subjects and pupils obeys live in lib/attempts/counting.ts", () => {
  it("no code outside it restates them", () => {
    expect(files.flatMap((file) => restatedRules(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });

  it("every read of the attempts, tests and subjects tables names which rows it means", () => {
    const reads = files
      .filter((file) => !(file in UNSCOPED_READS))
      .flatMap((file) => unscopedReads(file, readFileSync(path.join(root, file), "utf8")));
    expect(reads).toEqual([]);
  });

  it("every read that lists, counts or ranks tests, subjects, registrations or pupils names its season", () => {
    const reads = files
      .filter((file) => !(file in UNSCOPED_READS) && !(file in SEASONLESS_READS))
      .flatMap((file) => unscopedReads(file, readFileSync(path.join(root, file), "utf8"), SEASON_TABLES));
    expect(reads).toEqual([]);
  });

  it("catches a list of tests, subjects, registrations or pupils that forgets its season", () => {
    const forgetful = "const rows = await db.select().from(registrations).where(eq(registrations.status, 2));";
    expect(unscopedReads("lib/example.ts", forgetful, SEASON_TABLES)).toEqual(["lib/example.ts:1 registrations"]);
    const tests =
      "const rows = await db.select().from(subjects).leftJoin(tests, eq(tests.subjectId, subjects.id)).where(olympiadSubjectSql());";
    expect(unscopedReads("lib/example.ts", tests, SEASON_TABLES)).toEqual(["lib/example.ts:1 tests", "lib/example.ts:1 subjects"]);
    const scoped =
      "const rows = await db.select().from(registrations).where(and(eq(registrations.status, 2), inSeason(id, registrations.seasonId)));";
    expect(unscopedReads("lib/example.ts", scoped, SEASON_TABLES)).toEqual([]);
    const one = "const [row] = await db.select().from(registrations).where(eq(registrations.guid, guid));";
    expect(unscopedReads("lib/example.ts", one, SEASON_TABLES)).toEqual([]);
    const pupils = "const rows = await db.select().from(users).where(eq(users.role, UserRole.Default));";
    expect(unscopedReads("lib/example.ts", pupils, SEASON_TABLES)).toEqual(["lib/example.ts:1 users"]);
    const ofSeason = "const rows = await db.select().from(users).where(and(eq(users.role, UserRole.Default), pupilInSeason(id)));";
    expect(unscopedReads("lib/example.ts", ofSeason, SEASON_TABLES)).toEqual([]);
    const byLogin = "const [user] = await db.select().from(users).where(eq(users.username, name));";
    expect(unscopedReads("lib/example.ts", byLogin, SEASON_TABLES)).toEqual([]);
  });

  it("catches a read written the old way", () => {
    const forgetful = `const rows = await db.select().from(attempts).where(eq(attempts.testId, testId));`;
    expect(unscopedReads("lib/example.ts", forgetful)).toEqual(["lib/example.ts:1 attempts"]);
    const raw = "await selectRows(idRow, db, sql`select count(*) from attempts a where a.test_id = 1`);";
    expect(unscopedReads("lib/example.ts", raw)).toEqual(["lib/example.ts:1 attempts"]);
    expect(restatedRules("lib/example.ts", "  .where(and(eq(attempts.testId, id), isNull(attempts.resetAt)))")).toHaveLength(1);
    const scoped = `const rows = await db.select().from(attempts).where(and(eq(attempts.testId, testId), countingAttempt()));`;
    expect(unscopedReads("lib/example.ts", scoped)).toEqual([]);
  });

  it("catches a forgetful read of the tests, a hand-written rehearsal join, and blocked or voided by hand", () => {
    // Every test a grade has, a rehearsal's too: the lists would show the rehearsal's.
    const tests = `const rows = await db.select().from(tests).innerJoin(subjects, eq(subjects.id, tests.subjectId)).where(eq(subjects.grade, 7));`;
    expect(unscopedReads("lib/example.ts", tests)).toEqual(["lib/example.ts:1 tests", "lib/example.ts:1 subjects"]);
    const raw = "sql`select t.id from tests t join subjects s on s.id = t.subject_id where s.grade = 7`";
    expect(unscopedReads("lib/example.ts", raw)).toEqual(["lib/example.ts:1 tests", "lib/example.ts:1 subjects"]);
    expect(restatedRules("lib/example.ts", raw)).toEqual(["lib/example.ts:1: the olympiad's tests (use olympiadTests (or anyTest))"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a statement, read as text
    expect(unscopedReads("lib/example.ts", 'sql`select t.id from ${olympiadTests("t", "s")} where s.grade = 7`')).toEqual([]);
    expect(unscopedReads("lib/example.ts", "await db.select().from(tests).where(eq(tests.id, testId));")).toEqual([]);
    const byHand = [
      "  .where(and(eq(users.id, id), isNull(users.blockedAt)))",
      "  if (user.blockedAt) throw businessError(ErrorCode.SignInBlocked);",
      "  blocked: u.blockedAt !== null,",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a statement, read as text
      "  sql`count(*) filter (where ${users.blockedAt} is not null)`",
      "  sql`where u.blocked_at is null`",
      "  voided: attempt.voidedAt !== null,",
      "  sql`and a.voided_at is null`",
    ];
    for (const line of byHand) expect(restatedRules("lib/example.ts", line), line).toHaveLength(1);
    // Naming the column to select it, or writing it, is no rule.
    expect(restatedRules("lib/example.ts", "      blockedAt: users.blockedAt,")).toEqual([]);
  });
});

/**
 * What a module may keep at its top level though every bundle has a copy of it (lib/process-state.mjs):
 * each entry a file and its reason. Anything else that must be one per process goes on the shelf.
 */
const PER_COPY: Record<string, string> = {
  "lib/identity/session-token.ts": "a cache of decoded tokens: a copy per bundle decodes a token once more, and agrees",
  "lib/attempts/content.ts": "a cache of banks read: each copy fills its own, each kept as the database has it",
  "lib/api/routes.mjs": "the routes table's lookups, made once from constants, never changed",
  "lib/i18n/catalogues.ts": "a table made once from constants, never changed",
  "lib/background/read-in-child.ts": "runs in the child process alone: its connections are the child's",
};

/** A top-level Map, LRU cache, one-at-a-time gate or rate limiter: state that would split per bundle. */
const MODULE_STATE = /^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=]+)?\s*=\s*(?:new\s+(?:Map|LRUCache|RateLimiter\w*)\b|oneAtATime\()/;

/** Each top-level line that keeps per-process state outside the shelf, as "file:line". */
function moduleState(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (MODULE_STATE.test(line) ? [`${file}:${i + 1}`] : []));
}

describe("what must be one per process is on the shelf (lib/process-state.mjs), with its reason", () => {
  const serverFiles = files.filter((file) => /^(?:lib|server|app)\/|^(?:middleware|instrumentation)\.ts$/.test(file));

  it("no server module keeps a Map, a cache, a gate or a limiter at its top level but those allowed per copy", () => {
    const found = serverFiles
      .filter((file) => file !== "lib/process-state.mjs" && !(file in PER_COPY))
      .flatMap((file) => moduleState(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("catches one, and lets the shelf's own through", () => {
    expect(moduleState("lib/x.ts", "const recent = new LRUCache<string, Buffer>({ max: 10 });")).toEqual(["lib/x.ts:1"]);
    expect(moduleState("lib/x.ts", "const inFlight: Map<string, number> = new Map();")).toEqual(["lib/x.ts:1"]);
    expect(moduleState("lib/x.ts", "export const gate = oneAtATime({ maxWaiting: 4 });")).toEqual(["lib/x.ts:1"]);
    expect(moduleState("lib/x.ts", 'const kept = () => processWide("streams", () => new Map<number, number>());')).toEqual([]);
  });

  it("allows per copy only files that still have such state", () => {
    const stale = Object.keys(PER_COPY).filter((file) => moduleState(file, readFileSync(path.join(root, file), "utf8")).length === 0);
    expect(stale).toEqual([]);
  });
});

/** A hand-written statement's result read as rows without selectRows' parse: `= await x.execute(` or `(await x.execute(`. */
const RAW_ROWS = /(?:=|\()\s*await\s+[\w.]+\.execute\(/;

function rawRowReads(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (RAW_ROWS.test(line) ? [`${file}:${i + 1}`] : []));
}

describe("a hand-written statement's rows are read one way: selectRows, which parses each row with its shape (lib/db/rows.ts)", () => {
  it("no code reads the rows of execute() itself, the suites' and the scripts' neither", () => {
    const found = [...files, ...["tests", "scripts", "bench"].flatMap(sourceFiles)]
      .filter((file) => file !== "lib/db/client.ts" && file !== "tests/unit/house-rules.test.ts")
      .flatMap((file) => rawRowReads(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("catches such a read, and lets a statement run for its effect through", () => {
    expect(rawRowReads("lib/x.ts", "  const result = await tx.execute(sql`select 1`);")).toEqual(["lib/x.ts:1"]);
    expect(rawRowReads("lib/x.ts", "  const [row] = (await db.execute(statement)) as Row[];")).toEqual(["lib/x.ts:1"]);
    expect(rawRowReads("lib/x.ts", "  await tx.execute(sql`set local lock_timeout = '10s'`);")).toEqual([]);
  });
});

// The rules every read of attempts must obey have one home, lib/attempts/counting.ts. This test
// reads the server's source and fails when code elsewhere restates one of them by hand or reads
// the attempts table without naming which attempts it means: a query written the old way
// (`db.select().from(attempts).where(eq(attempts.testId, id))`, which would count a rehearsal's and
// reset attempts) fails here, and so in CI, before it can leak anything.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const HOME = "lib/attempts/counting.ts";
const FOLDERS = ["app", "lib", "components", "shared", "server", "middleware.ts", "instrumentation.ts"];

/**
 * Files that may read attempts without a scope of the home, each for its reason. Keep it short:
 * every entry is a place where a forgotten rule would not be seen.
 */
const UNSCOPED_READS: Record<string, string> = {
  "lib/attempts/scoring-sql.ts": "scores exactly the attempts its caller's condition chose",
};

/** Rules restated by hand: what each looks like, and what to use instead. */
const RESTATED: { rule: string; pattern: RegExp; instead: string; except?: string[] }[] = [
  {
    rule: "not reset",
    pattern: /\bis(?:Not)?Null\(\s*\w+\.resetAt\s*\)|\breset_at\s+is\s+(?:not\s+)?null/,
    instead: "currentAttempt / countingAttempt",
  },
  {
    rule: "not a rehearsal",
    pattern: /(?<!\w:\s?)\bsubjects\.rehearsal\b|\bnot\s+\w+\.rehearsal\b|!\s*\w+\.rehearsal\b|\b\w+\.rehearsal\s*(?:=|is\b)/,
    instead: "countingAttempt / olympiadAttempt / olympiadSubjectSql / olympiadPupil / isOlympiadSubject",
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

const SCOPES = /\b(?:countingAttempt|currentAttempt|olympiadAttempt|anyAttempt|runningAttempt|extendableAttempt)\(/;
/** One attempt already chosen by its id (through a scope, by the caller): no scope needed again. */
const BY_ID = /\b(?:eq|inArray)\(\s*attempts\.id\s*,\s*(?!attemptQuestions\b)\w+|\ba\.id\s*=\s*\$\{/;
/** A read of the attempts table: drizzle's from/join, or raw SQL's. */
const READ = /\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*attempts\b|\b(?:from|join)\s+attempts\b(?![_a-z])/g;

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return /\.(?:ts|tsx|mjs)$/.test(entry) ? [entry] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** Each statement reading attempts without a scope, as "file:line". */
function unscopedReads(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(READ)) {
    const start = match.index ?? 0;
    const rest = text.slice(start);
    // The statement: up to its semicolon, or up to the next drizzle query it sits beside.
    const end = [rest.indexOf(";"), rest.slice(1).search(/\.select\(/) + 1].filter((i) => i > 0);
    const statement = rest.slice(0, end.length ? Math.min(...end) : rest.length);
    if (!SCOPES.test(statement) && !BY_ID.test(statement)) found.push(`${file}:${text.slice(0, start).split("\n").length}`);
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

const files = FOLDERS.flatMap(sourceFiles).filter((file) => file !== HOME);

describe("the rules every read of attempts obeys live in lib/attempts/counting.ts", () => {
  it("no code outside it restates them", () => {
    expect(files.flatMap((file) => restatedRules(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });

  it("every read of the attempts table names which attempts it means", () => {
    const reads = files
      .filter((file) => !(file in UNSCOPED_READS))
      .flatMap((file) => unscopedReads(file, readFileSync(path.join(root, file), "utf8")));
    expect(reads).toEqual([]);
  });

  it("catches a read written the old way", () => {
    const forgetful = `const rows = await db.select().from(attempts).where(eq(attempts.testId, testId));`;
    expect(unscopedReads("lib/example.ts", forgetful)).toEqual(["lib/example.ts:1"]);
    const raw = "await selectRows(db, sql`select count(*) from attempts a where a.test_id = 1`);";
    expect(unscopedReads("lib/example.ts", raw)).toEqual(["lib/example.ts:1"]);
    expect(restatedRules("lib/example.ts", "  .where(and(eq(attempts.testId, id), isNull(attempts.resetAt)))")).toHaveLength(1);
    const scoped = `const rows = await db.select().from(attempts).where(and(eq(attempts.testId, testId), countingAttempt()));`;
    expect(unscopedReads("lib/example.ts", scoped)).toEqual([]);
  });
});

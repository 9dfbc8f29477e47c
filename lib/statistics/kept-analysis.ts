// A test's item statistics, kept per test and reader language with the digest of what they were
// computed from (the attempts as read, the bank's questions and keys, whether the window is still
// open): a visit whose inputs hash the same is answered from the kept result, and any change to
// them (an attempt ended, a key fixed, a question voided or edited) computes again. The reading,
// the hashing and the computation are the statistics' child's (./off-process.ts), one test at a
// time per process.
import "server-only";
import { deserialize, serialize } from "node:v8";
import { and, eq } from "drizzle-orm";
import { itemStatisticsKept } from "@/db/schema";
import { childRead } from "@/lib/background/child-read";
import { db, reportDb } from "@/lib/db/client";
import { errorText, log, logEvent } from "@/lib/log.mjs";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { Analysis } from "./analysis";
import { attemptsReadSql } from "./item-attempts";
import { analyseOffProcess, type ItemsInput } from "./off-process";

const keptOf = (testId: number, reader: number) => and(eq(itemStatisticsKept.testId, testId), eq(itemStatisticsKept.reader, reader));

/** The analysis of the test's attempts with `input`: kept if computed from the same inputs, else computed now (and kept). */
export async function keptAnalysis(input: ItemsInput, language: StudyLanguage | null): Promise<Analysis> {
  const testId = input.test.id;
  const reader = language ?? 0;
  const [kept] = await db.select({ digest: itemStatisticsKept.inputDigest }).from(itemStatisticsKept).where(keptOf(testId, reader));
  const read = await childRead(attemptsReadSql(testId), reportDb, { reports: true });
  const { answer, cpuMs, pid } = await analyseOffProcess(read, input, kept?.digest ?? null);
  if (answer.unchanged) {
    const [row] = await db
      .select({ analysis: itemStatisticsKept.analysis })
      .from(itemStatisticsKept)
      .where(and(keptOf(testId, reader), eq(itemStatisticsKept.inputDigest, answer.digest)));
    try {
      if (row) return deserialize(row.analysis) as Analysis;
    } catch (error) {
      log().warn({ testId, err: errorText(error) }, "kept item statistics could not be read");
    }
    // Written by another Node version's serialiser, or replaced meanwhile: forgotten, computed again.
    await db.delete(itemStatisticsKept).where(keptOf(testId, reader));
    return keptAnalysis(input, language);
  }
  logEvent("statistics.items", { testId, attempts: answer.analysis.stats.attempts, cpuMs, pid });
  const row = { inputDigest: answer.digest, analysis: serialize(answer.analysis), computedAt: new Date() };
  await db
    .insert(itemStatisticsKept)
    .values({ testId, reader, ...row })
    .onConflictDoUpdate({ target: [itemStatisticsKept.testId, itemStatisticsKept.reader], set: row });
  return answer.analysis;
}

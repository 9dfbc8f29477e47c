// A test's item statistics, kept per test and reader language with the digest of what they were
// computed from (the attempts as read, the bank's questions and keys, whether the window is still
// open): a visit whose inputs hash the same is answered from the kept result, and any change to
// them (an attempt ended, a key fixed, a question voided or edited) computes again. The
// computation runs in the statistics' child process, one test at a time per process.
import "server-only";
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import { and, eq } from "drizzle-orm";
import { itemStatisticsKept } from "@/db/schema";
import { db } from "@/lib/db/client";
import { errorText, log, logEvent } from "@/lib/log.mjs";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { Analysis, AnalysisInput } from "./analysis";
import { analyseOffProcess } from "./off-process";

const digestOf = (input: AnalysisInput) => createHash("sha256").update(JSON.stringify(input)).digest("base64url");

/** The analysis of `input`: kept if computed from the same inputs, else computed now (and kept). */
export async function keptAnalysis(input: AnalysisInput, language: StudyLanguage | null): Promise<Analysis> {
  const testId = input.test.id;
  const reader = language ?? 0;
  const inputDigest = digestOf(input);
  const [kept] = await db
    .select({ analysis: itemStatisticsKept.analysis })
    .from(itemStatisticsKept)
    .where(
      and(eq(itemStatisticsKept.testId, testId), eq(itemStatisticsKept.reader, reader), eq(itemStatisticsKept.inputDigest, inputDigest)),
    );
  if (kept) {
    try {
      return deserialize(kept.analysis) as Analysis;
    } catch (error) {
      // Written by another Node version's serialiser: computed again below.
      log().warn({ testId, err: errorText(error) }, "kept item statistics could not be read");
    }
  }
  const { analysis, cpuMs, pid } = await analyseOffProcess(input);
  logEvent("statistics.items", { testId, attempts: input.read.length, cpuMs, pid });
  await db
    .insert(itemStatisticsKept)
    .values({ testId, reader, inputDigest, analysis: serialize(analysis), computedAt: new Date() })
    .onConflictDoUpdate({
      target: [itemStatisticsKept.testId, itemStatisticsKept.reader],
      set: { inputDigest, analysis: serialize(analysis), computedAt: new Date() },
    });
  return analysis;
}

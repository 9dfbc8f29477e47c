// The web process's side of the statistics' child (./statistics-process.ts): each call queues one
// computation there (one at a time per process) and answers what it computed, with how long it
// took and in which process. The large inputs (every attempt's answers) are read by the child
// (lib/background/child-read.ts), never parsed here.
import "server-only";
import { childWork } from "@/lib/background/child";
import type { ChildRead } from "@/lib/background/child-read";
import type { ScreeningOptions, ScreeningResult } from "@/lib/statistics/similarity";
import type { Analysis, AnalysisInput } from "./analysis";

/** The item statistics' inputs but the attempts, which the child reads. */
export type ItemsInput = Omit<AnalysisInput, "attemptsJson">;

export type StatisticsJob =
  | { kind: "items"; attempts: ChildRead; input: ItemsInput; keptDigest: string | null }
  | { kind: "screening"; rows: ChildRead; options: ScreeningOptions };

export type ItemsAnswer = { digest: string } & ({ unchanged: true } | { unchanged: false; analysis: Analysis });
export type ScreeningAnswer = { result: ScreeningResult; attempts: number };
export type StatisticsOutput = { answer: ItemsAnswer | ScreeningAnswer; cpuMs: number };

const statistics = () => childWork<StatisticsJob, StatisticsOutput>("statistics");

/**
 * A test's item statistics (./analysis.ts analyseItems), computed in the child, unless the inputs
 * it reads hash to `keptDigest` (then only `unchanged` and the digest come back).
 */
export async function analyseOffProcess(
  attempts: ChildRead,
  input: ItemsInput,
  keptDigest: string | null,
): Promise<{ answer: ItemsAnswer; cpuMs: number; pid: number }> {
  const { output, pid } = await statistics().run({ kind: "items", attempts, input, keptDigest });
  return { answer: output.answer as ItemsAnswer, cpuMs: output.cpuMs, pid };
}

/** A test's screening (lib/statistics/similarity.ts screenAttempts) of its rows (lib/statistics/screened-rows.ts), computed in the child. */
export async function screenOffProcess(
  rows: ChildRead,
  options: ScreeningOptions,
): Promise<ScreeningAnswer & { cpuMs: number; pid: number }> {
  const { output, pid } = await statistics().run({ kind: "screening", rows, options });
  return { ...(output.answer as ScreeningAnswer), cpuMs: output.cpuMs, pid };
}

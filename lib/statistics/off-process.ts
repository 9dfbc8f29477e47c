// The web process's side of the statistics' child (./statistics-process.ts): each call queues one
// computation there (one at a time per process) and answers what it computed, with how long it
// took and in which process.
import "server-only";
import { childWork } from "@/lib/background/child";
import type { ScreenedAttempt, ScreeningOptions, ScreeningResult } from "@/lib/integrity/similarity";
import type { Analysis, AnalysisInput } from "./analysis";

export type StatisticsJob =
  | { kind: "items"; input: AnalysisInput }
  | { kind: "screening"; attempts: ScreenedAttempt[]; options: ScreeningOptions };
export type StatisticsOutput = { result: Analysis | ScreeningResult; cpuMs: number };

const statistics = () => childWork<StatisticsJob, StatisticsOutput>("statistics");

/** A test's item statistics (./analysis.ts analyseItems), computed in the child. */
export async function analyseOffProcess(input: AnalysisInput): Promise<{ analysis: Analysis; cpuMs: number; pid: number }> {
  const { output, pid } = await statistics().run({ kind: "items", input });
  return { analysis: output.result as Analysis, cpuMs: output.cpuMs, pid };
}

/** A test's screening (lib/integrity/similarity.ts screenAttempts), computed in the child. */
export async function screenOffProcess(
  attempts: ScreenedAttempt[],
  options: ScreeningOptions,
): Promise<{ result: ScreeningResult; cpuMs: number; pid: number }> {
  const { output, pid } = await statistics().run({ kind: "screening", attempts, options });
  return { result: output.result as ScreeningResult, cpuMs: output.cpuMs, pid };
}

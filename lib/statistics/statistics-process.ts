// The child program of the statistics (lib/background/child.ts starts it at the lowest priority;
// scripts/build-workers.mjs builds it): a test's item statistics (./analysis.ts) and its
// answer-copying screening (lib/statistics/similarity.ts). It reads their inputs itself (every
// attempt's answers, as one JSON text: lib/background/read-in-child.ts) and parses them here. A
// 5 000-pupil screening takes the better part of a CPU-second: here it takes it from no pupil's
// request. Each answer says how long the computation took (CPU-ms, the reading apart).
import { readText } from "@/lib/background/read-in-child";
import { serveJobs } from "@/lib/background/serve";
import { screenedAttemptsOf } from "@/lib/statistics/screened-rows";
import { screenAttempts } from "@/lib/statistics/similarity";
import { analyseItems, inputDigest } from "./analysis";
import type { ItemsAnswer, ScreeningAnswer, StatisticsJob, StatisticsOutput } from "./off-process";

const cpuMsSince = (started: NodeJS.CpuUsage) => {
  const cpu = process.cpuUsage(started);
  return Math.round((cpu.user + cpu.system) / 1000);
};

serveJobs<StatisticsJob, StatisticsOutput>(async (job) => {
  if (job.kind === "items") {
    const input = { ...job.input, attemptsJson: await readText(job.attempts) };
    const digest = inputDigest(input);
    if (digest === job.keptDigest) return { answer: { digest, unchanged: true } satisfies ItemsAnswer, cpuMs: 0 };
    const started = process.cpuUsage();
    const analysis = analyseItems(input);
    return { answer: { digest, unchanged: false, analysis } satisfies ItemsAnswer, cpuMs: cpuMsSince(started) };
  }
  const text = await readText(job.rows);
  const started = process.cpuUsage();
  const attempts = screenedAttemptsOf(text);
  const result = screenAttempts(attempts, job.options);
  return { answer: { result, attempts: attempts.length } satisfies ScreeningAnswer, cpuMs: cpuMsSince(started) };
});

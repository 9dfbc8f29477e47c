// The child program of the statistics (lib/background/child.ts starts it at the lowest priority;
// scripts/build-workers.mjs builds it): a test's item statistics (./analysis.ts) and its
// answer-copying screening (lib/integrity/similarity.ts), pure computations on what the web
// process read. A 5 000-pupil screening takes the better part of a CPU-second: here it takes it
// from no pupil's request. Each answer says how long the computation itself took, in ms.
import { serveJobs } from "@/lib/background/serve";
import { screenAttempts } from "@/lib/integrity/similarity";
import { analyseItems } from "./analysis";
import type { StatisticsJob, StatisticsOutput } from "./off-process";

serveJobs<StatisticsJob, StatisticsOutput>((job) => {
  const started = process.cpuUsage();
  const result = job.kind === "items" ? analyseItems(job.input) : screenAttempts(job.attempts, job.options);
  const cpu = process.cpuUsage(started);
  return { result, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
});

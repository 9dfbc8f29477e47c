// The CPU a bench's server spends: its processes (the front door's process group) and the
// database backends serving its connections, read from /proc, less their idle rate. What
// bench:cost and bench:results-day compare changes by (docs/benchmarks.md).
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** /proc's clock ticks a second (getconf CLK_TCK: 100 on Linux). */
const TICK_MS = 10;

/** utime + stime of a process, in ms, and its process group (null once it is gone). */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12; pgrp (5) at 2.
    return { cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS, group: Number(fields[2]) };
  } catch {
    return null;
  }
}

/**
 * The meter of `bench` (startBenchServer's): `sql` is the bench's own connection to its database,
 * named `appName` so that its backend is not counted.
 */
export function cpuMeter({ bench, sql, appName }) {
  /** The app's processes: its process group (the front door, and any process it forks). */
  const appPids = () =>
    readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => processCpuMs(pid)?.group === bench.processGroup);

  /** The backends serving the app's connections to the bench's database (not the bench's own, not background workers). */
  const backendPids = async () =>
    (
      await sql`
        select pid from pg_stat_activity
        where datname = ${bench.database} and backend_type = 'client backend' and application_name <> ${appName}`
    ).map((row) => String(row.pid));

  /** A reading of the app's and the backends' CPU: pid → ms (the backends' pids marked "db:"). */
  async function reading() {
    const cpu = new Map();
    for (const pid of appPids()) {
      const read = processCpuMs(pid);
      if (read) cpu.set(pid, read.cpu);
    }
    for (const pid of await backendPids()) {
      const read = processCpuMs(pid);
      if (read) cpu.set(`db:${pid}`, read.cpu);
    }
    return cpu;
  }

  /**
   * The CPU spent between two readings, ms: every process in the second (a new one from nothing). A
   * process in the first and gone by the second took its CPU with it: counted as lost, and said.
   */
  function spent(before, after) {
    let ms = 0;
    let db = 0;
    let lost = 0;
    for (const [pid, cpu] of after) {
      const used = cpu - (before.get(pid) ?? 0);
      ms += used;
      if (pid.startsWith("db:")) db += used;
    }
    for (const pid of before.keys()) if (!after.has(pid)) lost++;
    return { ms, db, lost };
  }

  /** CPU ms a second of the app and its backends at rest, over `idleMs`. */
  async function idleRate(idleMs) {
    const before = await reading();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const after = await reading();
    return spent(before, after).ms / ((performance.now() - started) / 1000);
  }

  return { reading, spent, idleRate };
}

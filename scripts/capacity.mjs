// @ts-check
// The starts a second a deployment can serve, from what they cost it: the app's CPU per start and
// its cores, read from /api/metrics by the rehearsal (scripts/rehearsal.mjs).
// How, and what it leaves out: docs/operations.md#capacity

/**
 * One process's figures from one scrape of /api/metrics: its instance and process, its CPU seconds,
 * the attempts it started, its machine's cores.
 * @typedef {{ instance: string; process: string; cpuSeconds: number; started: number; cores: number }} ProcessFigures
 */

/**
 * A scrape's text, read for the figures capacity needs: by process ("instance/process").
 * @param {string} text
 * @returns {Map<string, ProcessFigures>}
 */
export function processFigures(text) {
  /** @type {Map<string, ProcessFigures>} */
  const figures = new Map();
  for (const line of text.split("\n")) {
    const match =
      /^(olimpiada_process_process_cpu_seconds_total|olimpiada_attempts_started_total|olimpiada_machine_cores)(?:\{([^}]*)\})? ([\d.e+-]+)$/.exec(
        line,
      );
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
    const instance = labels.app_instance ?? "";
    const process = labels.app_process ?? "";
    const key = `${instance}/${process}`;
    const known = figures.get(key) ?? { instance, process, cpuSeconds: 0, started: 0, cores: 0 };
    const value = Number(match[3]);
    if (match[1] === "olimpiada_process_process_cpu_seconds_total") known.cpuSeconds = value;
    else if (match[1] === "olimpiada_attempts_started_total") known.started = value;
    else known.cores = value;
    figures.set(key, known);
  }
  return figures;
}

/**
 * The capacity from two readings of every process (before and after the starts): per instance,
 * the CPU milliseconds a start cost it and the starts a second its cores serve; in total, their
 * sum. Processes missing from either reading are left out (and counted); null when no start was
 * measured.
 * @param {Map<string, ProcessFigures>} before
 * @param {Map<string, ProcessFigures>} after
 */
export function capacityFrom(before, after) {
  /** @type {Map<string, { cpuSeconds: number; started: number; cores: number }>} */
  const instances = new Map();
  let unread = 0;
  for (const [key, end] of after) {
    const start = before.get(key);
    if (!start) {
      unread++;
      continue;
    }
    const instance = instances.get(end.instance) ?? { cpuSeconds: 0, started: 0, cores: end.cores };
    instance.cpuSeconds += end.cpuSeconds - start.cpuSeconds;
    instance.started += end.started - start.started;
    instances.set(end.instance, instance);
  }
  for (const key of before.keys()) if (!after.has(key)) unread++;
  const measured = [...instances]
    .filter(([, { started, cores }]) => started > 0 && cores > 0)
    .map(([name, { cpuSeconds, started, cores }]) => {
      const cpuMsPerStart = (cpuSeconds * 1000) / started;
      return { name: name || "app", cores, starts: started, cpuMsPerStart, startsPerSecond: (cores * 1000) / cpuMsPerStart };
    });
  if (measured.length === 0) return null;
  return {
    instances: measured,
    startsPerSecond: measured.reduce((sum, instance) => sum + instance.startsPerSecond, 0),
    /** Processes read only once (a scrape reaches one process of an instance at a time): not in the figures. */
    unreadProcesses: unread,
  };
}

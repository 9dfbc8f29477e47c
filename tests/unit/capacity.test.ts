// The capacity the rehearsal tells from the app's own figures (scripts/capacity.mjs).
import { describe, expect, it } from "vitest";
import { capacityFrom, processFigures } from "@/scripts/capacity.mjs";

const scrape = (rows: [instance: string, process: string, cpuSeconds: number, started: number][], cores = 4) =>
  rows
    .flatMap(([instance, process, cpu, started]) => {
      const labels = `{app_instance="${instance}",app_process="${process}"}`;
      return [
        "# HELP olimpiada_process_process_cpu_seconds_total Total user and system CPU time spent in seconds.",
        `olimpiada_process_process_cpu_seconds_total${labels} ${cpu}`,
        `olimpiada_attempts_started_total${labels} ${started}`,
        `olimpiada_machine_cores${labels} ${cores}`,
        `olimpiada_answers_saved_total${labels} 99`,
      ];
    })
    .join("\n");

describe("capacity from the measured cost", () => {
  it("an instance's processes share its cores: the CPU a start cost them together, and the starts a second its cores serve", () => {
    const before = processFigures(
      scrape([
        ["a", "1", 10, 0],
        ["a", "2", 20, 0],
        ["b", "1", 5, 100],
      ]),
    );
    const after = processFigures(
      scrape([
        ["a", "1", 12, 100],
        ["a", "2", 22, 100],
        ["b", "1", 6, 150],
      ]),
    );
    const capacity = capacityFrom(before, after)!;
    // a: 4 s of CPU for 200 starts = 20 ms a start, 4 cores → 200 a second; b: 1 s for 50 = 20 ms → 200.
    expect(capacity.instances).toEqual([
      { name: "a", cores: 4, starts: 200, cpuMsPerStart: 20, startsPerSecond: 200 },
      { name: "b", cores: 4, starts: 50, cpuMsPerStart: 20, startsPerSecond: 200 },
    ]);
    expect(capacity.startsPerSecond).toBe(400);
    expect(capacity.unreadProcesses).toBe(0);
  });

  it("a process read only once is left out and counted; no start measured is no capacity", () => {
    const before = processFigures(
      scrape([
        ["a", "1", 10, 0],
        ["a", "2", 20, 0],
      ]),
    );
    const after = processFigures(
      scrape([
        ["a", "1", 11, 50],
        ["a", "3", 1, 10],
      ]),
    );
    const capacity = capacityFrom(before, after)!;
    expect(capacity.instances).toEqual([{ name: "a", cores: 4, starts: 50, cpuMsPerStart: 20, startsPerSecond: 200 }]);
    expect(capacity.unreadProcesses).toBe(2);
    expect(capacityFrom(before, processFigures(scrape([["a", "1", 12, 0]])))).toBeNull();
  });

  it("a single instance without names (no INSTANCE_NAME) is the app", () => {
    const text = (cpu: number, started: number) =>
      `olimpiada_process_process_cpu_seconds_total ${cpu}\nolimpiada_attempts_started_total ${started}\nolimpiada_machine_cores 2`;
    expect(capacityFrom(processFigures(text(1, 0)), processFigures(text(1.5, 25)))).toMatchObject({
      instances: [{ name: "app", cores: 2, cpuMsPerStart: 20, startsPerSecond: 100 }],
      startsPerSecond: 100,
    });
  });
});

// The one way a background job runs (lib/background/periodic.ts), on the fake clock: one pass at a
// time, none while paused, busy (for work that yields) or while the database is away, and a
// failed pass logged and tried again on the next tick.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { everyPass, type Job } from "@/lib/background/periodic";
import { databaseAway, provideDatabaseProbe } from "@/lib/db/availability.mjs";
import { provideBusy } from "@/lib/process-state.mjs";

const TICK = 100;
let job: Job | null = null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  job?.stop();
  job = null;
  provideBusy(() => false);
  vi.useRealTimers();
});

/** A pass that counts its starts and ends when `release` is called. */
function gatedPass() {
  const passes = { started: 0, release: () => {} };
  const pass = () => {
    passes.started++;
    return new Promise<void>((resolve) => {
      passes.release = resolve;
    });
  };
  return { passes, pass };
}

describe("a periodic job", () => {
  it("runs one pass at a time: ticks while a pass is under way start none", async () => {
    const { passes, pass } = gatedPass();
    job = everyPass({ name: "test job", everyMs: TICK, pass });
    await vi.advanceTimersByTimeAsync(TICK);
    expect(passes.started).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * TICK);
    expect(passes.started).toBe(1);
    passes.release();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(passes.started).toBe(2);
  });

  it("starts none while paused, and again once resumed", async () => {
    let passes = 0;
    job = everyPass({ name: "test job", everyMs: TICK, pass: async () => void passes++ });
    job.paused = true;
    await vi.advanceTimersByTimeAsync(5 * TICK);
    expect(passes).toBe(0);
    job.paused = false;
    await vi.advanceTimersByTimeAsync(TICK);
    expect(passes).toBe(1);
  });

  it("work that yields to pupils starts none while the server is busy, and a long pass stops taking items", async () => {
    let busy = true;
    provideBusy(() => busy);
    const taken: number[] = [];
    job = everyPass({
      name: "test job",
      everyMs: TICK,
      onlyWhenIdle: true,
      pass: async (mayGoOn) => {
        for (let item = 0; item < 5 && mayGoOn(); item++) {
          taken.push(item);
          if (item === 1) busy = true; // the front door starts queueing mid-pass
        }
      },
    });
    await vi.advanceTimersByTimeAsync(5 * TICK);
    expect(taken).toEqual([]);
    busy = false;
    await vi.advanceTimersByTimeAsync(TICK);
    expect(taken).toEqual([0, 1]);
  });

  it("a failed pass stops nothing: the next tick runs one; a database gone is the outage, no pass until it is back", async () => {
    let passes = 0;
    let failWith: Error | null = new Error("a step broke");
    job = everyPass({
      name: "test job",
      everyMs: TICK,
      pass: async () => {
        passes++;
        if (failWith) throw failWith;
      },
    });
    await vi.advanceTimersByTimeAsync(TICK);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(passes).toBe(2);

    let answers = false;
    provideDatabaseProbe(async () => {
      if (!answers) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    });
    failWith = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await vi.advanceTimersByTimeAsync(TICK);
    expect(databaseAway()).toBe(true);
    const whileAway = passes;
    await vi.advanceTimersByTimeAsync(20 * TICK);
    expect(passes).toBe(whileAway);
    failWith = null;
    answers = true;
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(TICK);
      expect(databaseAway()).toBe(false);
    });
    await vi.advanceTimersByTimeAsync(TICK);
    expect(passes).toBeGreaterThan(whileAway);
  });
});

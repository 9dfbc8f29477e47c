// One way to run a background job: a pass every `everyMs` in each process, started once per
// process (its shelf slot, lib/process-state.mjs), never two passes at once, none while the
// database is away (lib/db/availability.mjs) or the job is paused and, with `onlyWhenIdle`, none
// while the front door queues pupils. A failed pass is logged under the job's name (a
// database gone is logged once, as the outage), and the next tick tries again.
import "server-only";
import { databaseAway, noteDatabaseFailure } from "@/lib/db/availability.mjs";
import { errorText, log } from "@/lib/log.mjs";
import { processWide, type Slot, serverBusy } from "@/lib/process-state.mjs";

/** A running job: paused, it starts no pass (one under way ends first). */
export type Job = { paused: boolean; stop: () => void };

export type JobOptions = {
  /** The job's name in the log. */
  name: string;
  everyMs: number;
  /** Background work that yields to pupils: no pass (nor a pass's next item) while the server is busy. */
  onlyWhenIdle?: boolean;
  /** One pass; `mayGoOn` says whether a long pass should still take its next item. */
  pass: (mayGoOn: () => boolean) => Promise<void>;
};

/** A job's timer in this module's copy (periodic keeps one per process): the suites run it directly. */
export function everyPass({ name, everyMs, onlyWhenIdle = false, pass }: JobOptions): Job {
  let running = false;
  const job: Job = { paused: false, stop: () => clearInterval(timer) };
  const mayGoOn = () => !job.paused && !databaseAway() && !(onlyWhenIdle && serverBusy());
  const timer = setInterval(async () => {
    if (running || !mayGoOn()) return;
    running = true;
    try {
      await pass(mayGoOn);
    } catch (error) {
      if (!noteDatabaseFailure(error)) log().error({ job: name, err: errorText(error) }, `${name} failed: it runs again shortly`);
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return job;
}

/** Starts the job in this process, once, however many bundles ask: the one job of `slot`. */
export function periodic(slot: Slot, options: JobOptions): Job {
  return processWide(slot, () => everyPass(options));
}

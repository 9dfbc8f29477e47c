// Heavy work off the process that answers pupils: a child process per kind of work (drawing
// certificates, a test's statistics), started when first needed under SCHED_IDLE (util-linux's
// chrt), one job at a time in order, let go when idle; a child that dies fails its job loudly and
// the next job starts another. Why SCHED_IDLE and not a nice of 19, and how the programs are
// built: docs/architecture.md ("Heavy work, off the pupils' path").
import "server-only";
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { errorText, log } from "@/lib/log.mjs";
import { processWide } from "@/lib/process-state.mjs";
import type { Job, Reply } from "./serve";

/** The child programs, as scripts/build-workers.mjs names them. */
export type ChildName = "certificates" | "statistics";

/** What a job answered, and which process computed it (never the web process's own pid). */
export type Done<T> = { output: T; pid: number };

/** The lowest nice there is, as well (where chrt is missing, it is all the child gets). */
const LOWEST_PRIORITY = 19;
/** util-linux's chrt, which starts a program under SCHED_IDLE (Debian's base system has it). */
const CHRT = "/usr/bin/chrt";
/** A child idle this long ends (its memory is given back); the next job starts another (a fork blocks this process for ~20 ms). */
const IDLE_MS = 10 * 60_000;

const programOf = (name: ChildName) => path.join(process.cwd(), ".build", "workers", `${name}.cjs`);

type Pending = { resolve: (done: Done<unknown>) => void; reject: (error: Error) => void };

export type ChildWork<In, Out> = {
  /** Runs one job after those queued before it. */
  run(input: In): Promise<Done<Out>>;
  /** The child's pid while one runs (tests end it to show what a crash does). */
  readonly pid: number | undefined;
  /** Jobs this process has had answered so far. */
  readonly answered: number;
  /** Jobs sent to the child and not answered yet. */
  readonly inHand: number;
};

/**
 * This process's child for `name`, made on first use (lib/process-state.mjs "children": one per
 * process, whichever of the app's bundles asks).
 */
export function childWork<In, Out>(name: ChildName): ChildWork<In, Out> {
  const children = processWide("children", () => new Map<ChildName, ChildWork<unknown, unknown>>());
  let work = children.get(name);
  if (!work) {
    work = startable(name);
    children.set(name, work);
  }
  return work as ChildWork<In, Out>;
}

/** One kind of child work: `run(input)` queues a job and resolves with its answer. */
function startable<In, Out>(name: ChildName): ChildWork<In, Out> {
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  let answered = 0;
  const pending = new Map<number, Pending>();
  let turn: Promise<unknown> = Promise.resolve();

  function start(): ChildProcess {
    const program = programOf(name);
    if (!existsSync(program)) throw new Error(`${program} is missing: run \`npm run build\` (it builds the child programs)`);
    // `server-only` resolves as in the app's server bundles.
    const node = ["--conditions=react-server"];
    const schedIdle = process.platform === "linux" && existsSync(CHRT);
    if (!schedIdle) log().warn({ child: name }, "chrt is missing: the child runs at nice 19, not SCHED_IDLE");
    const started = fork(program, [], {
      ...(schedIdle ? { execPath: CHRT, execArgv: ["--idle", "0", process.execPath, ...node] } : { execArgv: node }),
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    if (started.pid) {
      try {
        setPriority(started.pid, LOWEST_PRIORITY);
      } catch (error) {
        log().warn({ child: name, err: errorText(error) }, "a child's priority could not be lowered");
      }
    }
    started.on("message", (reply: Reply<unknown>) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      answered++;
      if (reply.ok) waiter.resolve({ output: reply.output, pid: reply.pid });
      else waiter.reject(new Error(`${name}: ${reply.error}`));
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      if (pending.size > 0) log().error({ child: name, code, signal }, "a child process ended with work in hand");
      for (const waiter of pending.values()) waiter.reject(new Error(`${name}: the child process ended (${signal ?? code})`));
      pending.clear();
    });
    return started;
  }

  function send(input: In): Promise<Done<Out>> {
    clearTimeout(idle);
    child ??= start();
    const running = child;
    running.ref();
    running.channel?.ref();
    const id = ++next;
    return new Promise<Done<Out>>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (done: Done<unknown>) => void, reject });
      running.send({ id, input } satisfies Job<In>);
    }).finally(() => {
      if (pending.size > 0 || child !== running) return;
      // Nothing in hand: the child no longer keeps this process alive, and ends if it stays idle.
      running.unref();
      running.channel?.unref();
      idle = setTimeout(() => running.kill(), IDLE_MS);
      idle.unref();
    });
  }

  return {
    run(input: In): Promise<Done<Out>> {
      const job = turn.then(() => send(input));
      turn = job.catch(() => {});
      return job;
    },
    get pid(): number | undefined {
      return child?.pid;
    },
    get answered(): number {
      return answered;
    },
    get inHand(): number {
      return pending.size;
    },
  };
}

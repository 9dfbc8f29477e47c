// The child side of lib/background/child.ts: a child program answers its parent's jobs, one at a
// time, in order, and ends with its parent.

export type Job<In> = { id: number; input: In };
export type Reply<Out> = { id: number; ok: true; output: Out; pid: number } | { id: number; ok: false; error: string; pid: number };

/** Answers each job with `handle`; an error is sent back as its message (the parent fails that job). */
export function serveJobs<In, Out>(handle: (input: In) => Promise<Out> | Out): void {
  const send = (reply: Reply<Out>) => process.send?.(reply);
  let turn: Promise<void> = Promise.resolve();
  process.on("message", (job: Job<In>) => {
    turn = turn.then(async () => {
      try {
        send({ id: job.id, ok: true, output: await handle(job.input), pid: process.pid });
      } catch (error) {
        send({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error), pid: process.pid });
      }
    });
  });
  // The parent gone (ended, killed): nothing is left to answer.
  process.on("disconnect", () => process.exit(0));
}

// @ts-check
// APP_PROCESSES > 1: the primary process forks that many app processes onto the one port (a start
// at the opening costs CPU in the app's process, and one Node process uses one core), replaces one
// that dies serving, and starts one that failed to start again after a pause that doubles each
// time, ending the server after MAX_FAILED_STARTS in a row (a bad configuration fails every time).
import cluster from "node:cluster";
import { log } from "../lib/log.mjs";

/** Failed starts of app processes in a row after which the server ends. */
const MAX_FAILED_STARTS = 5;

/**
 * @param {{ processes: number; port: number; redisUrl: string | undefined }} options
 */
export function superviseAppProcesses({ processes, port, redisUrl }) {
  if (!redisUrl) console.warn("APP_PROCESSES > 1 without REDIS_URL: each process keeps its own rate limits.");
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < processes; i++) fork();
  /** @type {Set<number>} */
  const listening = new Set();
  // Starts that failed in a row (a worker that exited before it listened), since one last listened.
  let failedStarts = 0;
  // Only the shared port counts: a worker's start listens on a loopback port of its own first (startApp).
  cluster.on("listening", (worker, address) => {
    if (address.port !== port) return;
    listening.add(worker.id);
    failedStarts = 0;
  });
  // A worker that dies serving is replaced (its pupils' next requests go to the others); one that
  // fails to start (the database away, a seed that failed) exits before it listens.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (listening.has(worker.id)) {
      log().error({ pid: worker.process.pid, exit: signal ?? code }, "app process ended; starting another");
      fork();
      return;
    }
    failedStarts++;
    if (failedStarts > MAX_FAILED_STARTS) {
      log().error({ failedStarts }, "app processes keep failing to start; stopping");
      stopAll("SIGTERM");
      process.exitCode = 1;
      return;
    }
    const pauseMs = 1_000 * 2 ** (failedStarts - 1);
    log().error({ pid: worker.process.pid, exit: signal ?? code, failedStarts, pauseMs }, "app process failed to start; starting another");
    setTimeout(() => stopping || fork(), pauseMs);
  });
  /** @param {NodeJS.Signals} signal */
  function stopAll(signal) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(), 6_000).unref();
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
    });
  }
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGTERM"));
}

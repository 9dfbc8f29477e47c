// `npm run ops:cluster` for a suite (PostgreSQL only): started with the environment given, awaited
// until it has written who is where, and stopped with its whole process group.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { exited } from "./processes";

export type ClusterInstance = { name: string; port: number; pid: number; log: string };

export async function startTestCluster(port: number, env: Record<string, string>) {
  const instancesFile = path.join(".data", `cluster-${port}`, "instances.json");
  rmSync(instancesFile, { force: true });
  const cluster = spawn(process.execPath, ["scripts/cluster.mjs"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      ADMISSION_LIMIT: "0",
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}`,
      NODE_ENV: "production",
      ...env,
    },
  });
  /** Stopped once the cluster's process has exited: it stops its instances, nginx and PgBouncer first. */
  const stop = async () => {
    try {
      if (cluster.pid) process.kill(-cluster.pid, "SIGTERM");
    } catch {
      // Its process group is gone already.
    }
    await exited(cluster);
  };
  // The cluster writes who is where once every instance and nginx answer. One that never does is
  // stopped before the failure is told: its PgBouncer or an instance left on its ports would hold
  // them for the next suite.
  try {
    await expect.poll(() => existsSync(instancesFile), { message: "the cluster started", timeout: 225_000, intervals: [250] }).toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances: JSON.parse(readFileSync(instancesFile, "utf8")) as ClusterInstance[], stop };
}

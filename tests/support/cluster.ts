// `npm run cluster` for a suite (PostgreSQL only): started with the environment given, awaited
// until it has written who is where, and stopped with its whole process group.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

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
  for (let i = 0; i < 900 && !existsSync(instancesFile); i++) await new Promise((resolve) => setTimeout(resolve, 250));
  if (!existsSync(instancesFile)) throw new Error("the cluster did not start");
  return {
    instances: JSON.parse(readFileSync(instancesFile, "utf8")) as ClusterInstance[],
    async stop() {
      if (cluster.pid) process.kill(-cluster.pid, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 2000));
    },
  };
}

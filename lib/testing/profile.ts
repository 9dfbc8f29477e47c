// The benches' CPU profile of the app's process (bench:cost's BENCH_PROFILE): started and stopped
// around one flow by its test-support call, so that each flow's profile holds that flow alone
// (`--cpu-prof` profiles a whole run, setup and all). The profile is Chrome's .cpuprofile format.
import "server-only";
import { Session } from "node:inspector/promises";

let session: Session | null = null;

/** Starts sampling this process's main thread (a second start restarts it). */
export async function startProfile(): Promise<void> {
  if (session) await stopProfile();
  session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
}

/** Stops sampling: the profile since the start, or null when none was started. */
export async function stopProfile(): Promise<object | null> {
  if (!session) return null;
  const running = session;
  session = null;
  const { profile } = await running.post("Profiler.stop");
  running.disconnect();
  return profile;
}

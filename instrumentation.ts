// Runs once when a server instance starts, before it answers requests.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { prepareDatabase } = await import("./db/prepare");
    await prepareDatabase();
    const { startAttemptSweep } = await import("./lib/attempts/sweep");
    startAttemptSweep();
  }
}

// Runs once when a server instance starts, before it answers requests.
export async function register() {
  // Written as one block (not an early return) so the edge build drops the Node-only imports.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { config } = await import("./lib/config");
    try {
      config();
    } catch (error) {
      // A server with a missing or weak secret would answer 500 to everything: it stops instead.
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    const { connectSharedLimits } = await import("./lib/http/rate-limit");
    connectSharedLimits();
    const { prepareDatabase } = await import("./lib/setup/prepare");
    await prepareDatabase();
    const { startAttemptSweep } = await import("./lib/attempts/sweep");
    startAttemptSweep();
  }
}

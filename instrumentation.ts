// Runs once when a server instance starts, before it answers requests. NEXT_RUNTIME is not a
// setting of ours but Next's own flag of the runtime this copy was built for ("nodejs" or "edge"),
// replaced by a constant at build: it is read here, where the config modules cannot be loaded yet
// (they are Node code, and this file is built for the edge too).
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
    // Schemas and other code shared with the browser word their errors in the API call's language.
    const { installServerMessages } = await import("./lib/i18n/sources");
    installServerMessages();
    const { connectSharedLimits } = await import("./lib/http/rate-limit");
    connectSharedLimits();
    const { prepareDatabase } = await import("./lib/setup/prepare");
    await prepareDatabase();
    // How this process finds out that its database is back after an outage (lib/db/availability.mjs).
    const { probeDatabase } = await import("./lib/db/client");
    const { noteDatabaseFailure, provideDatabaseProbe } = await import("./lib/db/availability.mjs");
    provideDatabaseProbe(probeDatabase);
    // The organiser's acts of the other processes, heard from now on (through Redis and PostgreSQL).
    const { listenForChanges } = await import("./lib/live/changes");
    listenForChanges();
    // The database's word of a change, which drops the kept public pages that show it (lib/kept-pages.mjs).
    const { hearKeptChanges } = await import("./lib/kept/changes");
    hearKeptChanges();
    const { startAttemptSweep } = await import("./lib/operations/sweep");
    startAttemptSweep();
    // Certificates drawn ahead, while the server is not busy (a child process draws them).
    const { startDrawingAhead } = await import("./lib/certificates/ahead");
    startDrawingAhead();
    // Click's fiscal receipts submitted (or, without the fiscal data, a warning that none are).
    const { warnIfNoReceipts } = await import("./lib/payments/fiscal");
    const { startReceiptJob } = await import("./lib/payments/click-receipts");
    warnIfNoReceipts();
    startReceiptJob();
    // The family events sent to the chat-bot's webhook, in order per family, until acknowledged.
    const { startFamilyEventsJob } = await import("./lib/family-events/deliver");
    startFamilyEventsJob();
    // What the front door (server/main.mjs) serves at /holat and /api/notices, before admission
    // control, and the handlers of the calls it serves straight (server/api-routes.mjs).
    const { provideDirectRoutes, provideStatus } = await import("./lib/process-state.mjs");
    const { statusSnapshot, STATUS_SECONDS } = await import("./lib/operations/status");
    // Read every few seconds whoever visits: it is also how an outage is found when no one calls.
    provideStatus(
      () =>
        statusSnapshot().catch((error) => {
          noteDatabaseFailure(error);
          throw error;
        }),
      STATUS_SECONDS,
    );
    const { directRoutes } = await import("./lib/api/direct-routes");
    provideDirectRoutes(directRoutes);
  }
}

/**
 * A page, layout or route that threw while rendering: its log line, with the request's id (the
 * one the error page shows) and the digest Next gives the browser in place of the message.
 */
export async function onRequestError(
  error: unknown,
  request: { headers: Record<string, string | string[] | undefined> },
  context: { routePath: string; routeType: string },
) {
  // One block, as in register(): the edge build drops the Node-only import.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { errorText, log } = await import("./lib/log.mjs");
    // The database away is an outage, logged once when it starts (lib/db/availability.mjs).
    const { noteDatabaseFailure } = await import("./lib/db/availability.mjs");
    if (noteDatabaseFailure(error)) return;
    const requestId = request.headers["x-request-id"];
    const digest = (error as { digest?: string } | null)?.digest;
    log().error({ requestId, err: errorText(error), digest, route: context.routePath, routeType: context.routeType }, "render failed");
  }
}

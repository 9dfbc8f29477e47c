// The offline shell on the device: the page that shows an attempt kept here (offline.ts) when the
// attempt's own page is not kept yet, so that a reload without network works from the first
// question however the attempt was started. The worker (public/sw.js) serves it; it is one page
// for every pupil of a language, answered from the front door's memory (server/offline-shell.mjs).
"use client";

import { keepPage, PAGES, supported } from "@/components/offline/attempt-copy";

/** The shell's address (app/offline-shell, server/offline-shell.mjs; SHELL in public/sw.js). */
export const SHELL_PATH = "/offline-shell";

/** The worker, once it can answer the attempt page's navigations. */
async function activeWorker(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return;
  await new Promise<void>((resolve) => {
    const settled = () => (worker.state === "activated" || worker.state === "redundant") && resolve();
    worker.addEventListener("statechange", settled);
    settled();
  });
}

/** The keeping under way, if one is. */
let keeping: Promise<void> | null = null;

/**
 * The start page (and a running attempt's): registers the worker and keeps the shell that shows a
 * kept attempt, so that an attempt however started can be reloaded without network from its first
 * question. The shell is one page for every pupil, answered from the front door's memory: keeping
 * it renders nothing, at the opening or ever.
 */
export function keepShell(): Promise<void> {
  if (!supported()) return Promise.resolve();
  keeping ??= (async () => {
    if (document.readyState !== "complete") await new Promise((resolve) => addEventListener("load", resolve, { once: true }));
    await activeWorker(await navigator.serviceWorker.register("/sw.js", { scope: "/test-attempt/" }));
    if (!(await (await caches.open(PAGES)).match(SHELL_PATH))) await keepPage(SHELL_PATH);
  })()
    .catch(() => {
      // No shell: a reload without network then needs the attempt's own page, kept minutes later.
    })
    .finally(() => {
      keeping = null;
    });
  return keeping;
}

/** Once the shell is kept (or could not be), or after `maxMs`: the first question waits for it, not longer. */
export function shellReady(maxMs: number): Promise<void> {
  if (!keeping) return Promise.resolve();
  return Promise.race([keeping, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

// What the device keeps of a running attempt for a reload without network: its page (kept by
// public/sw.js when opened or reloaded, or fetched here once for a page opened in place), the
// answers confirmed since and the deadline the server last implied. Never an ended attempt's page
// (its review may show the key); all of it is forgotten at the end, and the pages at sign-in and
// sign-out, so a device never shows one pupil's page to another.
"use client";

import type { ServerTime } from "./queries";

const PAGES = "olimpiada-attempt-pages";
const STATIC = "olimpiada-static";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "caches" in window;

/** Attempts this page has seen end: a keeping still on its way must not bring one back. */
const ended = new Set<number>();

/**
 * Registers the worker (it keeps the page whenever the pupil opens or reloads it). An attempt
 * opened in place from the start page was never fetched as a page: it is fetched and kept once,
 * `afterMs` later — spread over minutes, so the opening's thousands of starts cost no page renders.
 */
export async function keepAttemptOffline(attemptId: number, afterMs: number): Promise<void> {
  if (!supported()) return;
  try {
    // After the page has loaded: the worker never competes with the page's own first files.
    if (document.readyState !== "complete") await new Promise((resolve) => addEventListener("load", resolve, { once: true }));
    await navigator.serviceWorker.register("/sw.js", { scope: "/test-attempt/" });
    const page = `/test-attempt/${attemptId}`;
    if (await (await caches.open(PAGES)).match(page)) return;
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    if (ended.has(attemptId) || (await (await caches.open(PAGES)).match(page))) return;
    const response = await fetch(page, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.redirected || new URL(response.url).pathname !== page) return;
    // Only the page of a running attempt: had it ended meanwhile, its page may carry the key.
    const html = await response.text();
    if (ended.has(attemptId) || /\\?"isEnded\\?":true|\\?"correctAnswerId\\?":\d/.test(html)) return;
    await (await caches.open(PAGES)).put(page, new Response(html, { headers: response.headers }));
    // The build files the kept page names (its scripts, styles and fonts) and those loaded here.
    const named = html.match(/\/_next\/static\/[\w\-./%()[\]@]+/g) ?? [];
    const loaded = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith("/_next/static/"))
      .map((url) => url.pathname);
    const files = [...new Set([...named, ...loaded])];
    const stat = await caches.open(STATIC);
    await Promise.all(files.map(async (file) => (await stat.match(file)) ?? stat.add(file).catch(() => {})));
  } catch {
    // No offline copy: the page works online as ever.
  }
}

const deadlineKey = (attemptId: number) => `olimpiada.deadline.${attemptId}`;

/**
 * The deadline the server's last answer implies, on this device's clock: a kept page carries the
 * time of its render, so its clock counts from no later than this.
 */
export function rememberDeadline(attemptId: number, server: ServerTime): void {
  try {
    localStorage.setItem(deadlineKey(attemptId), String(server.receivedAt + server.remainingTime * 1000));
  } catch {
    // Not kept: a reload offline then counts from the kept page's own time.
  }
}

export function rememberedSecondsLeft(attemptId: number, at: number): number | null {
  try {
    const deadline = Number(localStorage.getItem(deadlineKey(attemptId)));
    return deadline > 0 ? Math.max(0, Math.floor((deadline - at) / 1000)) : null;
  } catch {
    return null;
  }
}

const savedKey = (attemptId: number) => `olimpiada.saved.${attemptId}`;

/**
 * The answers the server has confirmed since the page was kept: a kept page is as old as its
 * storing, so a reload without network shows these over it (never as more than they were).
 */
export function rememberSaved(attemptId: number, questionId: number, answerId: number | null): void {
  try {
    const saved = keptSaved(attemptId);
    saved[questionId] = answerId;
    localStorage.setItem(savedKey(attemptId), JSON.stringify(saved));
  } catch {
    // Not kept: an offline reload shows the kept page's answers.
  }
}

export function keptSaved(attemptId: number): Record<number, number | null> {
  try {
    return JSON.parse(localStorage.getItem(savedKey(attemptId)) ?? "{}");
  } catch {
    return {};
  }
}

/** Forgets this attempt's page and what was kept with it (it has ended). */
export async function forgetAttempt(attemptId: number): Promise<void> {
  ended.add(attemptId);
  try {
    localStorage.removeItem(savedKey(attemptId));
    localStorage.removeItem(deadlineKey(attemptId));
  } catch {
    // Nothing kept.
  }
  if (!supported()) return;
  await caches
    .open(PAGES)
    .then((cache) => cache.delete(`/test-attempt/${attemptId}`))
    .catch(() => {});
}

/** Forgets every stored page (signing in or out: the next pupil on this device sees none). */
export async function forgetAllAttempts(): Promise<void> {
  if (typeof window === "undefined" || !("caches" in window)) return;
  await caches.delete(PAGES).catch(() => {});
}

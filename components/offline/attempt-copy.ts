// What the device keeps of a running attempt for a reload without network: its page (kept by
// public/sw.js when opened or reloaded, or fetched here once for a page opened in place), the
// attempt and its pupil as the device received them with the shell page that shows them (kept by
// the start page: an offline reload works from the first question), the answers confirmed since and the
// deadline the server last implied. Never an ended attempt's page or data (its review may show
// the key); all of it is forgotten at the end, and at sign-in and sign-out, so a device never
// shows one pupil's page to another. Pages are kept under the session's mark (public/sw.js).
"use client";

import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { CurrentUser } from "@/lib/identity/users";

export const PAGES = "olimpiada-attempt-pages";
const STATIC = "olimpiada-static";
/** Marks of an ended attempt in a page or its data (the key may be in it): never kept. */
const ENDED = /\\?"isEnded\\?":true|\\?"correctAnswerId\\?":\d/;
/** The session's mark cookie (lib/identity/session-token.ts): a page is kept under it. */
const MARK = /(?:^|;\s*)olimpiada-session-mark=([^;]+)/;

export const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "caches" in window;

/** Attempts this page has seen end: a keeping still on its way must not bring one back. */
const ended = new Set<number>();

/**
 * Fetches `path` and keeps it, marked with this session, with the build files it needs; not if
 * it is an ended attempt's (or `stale()` says so by the time it arrives).
 */
export async function keepPage(path: string, stale: () => boolean = () => false): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok || response.redirected || new URL(response.url).pathname !== path) return;
  const html = await response.text();
  const mark = MARK.exec(document.cookie)?.[1];
  if (stale() || ENDED.test(html) || !mark) return;
  const headers = new Headers(response.headers);
  headers.set("X-Session-Mark", mark);
  headers.set("X-Kept-At", String(Date.now()));
  await (await caches.open(PAGES)).put(path, new Response(html, { headers }));
  // The build files the kept page names (its scripts, styles, fonts and messages) and those loaded here.
  const named = html.match(/\/(?:_next\/static|i18n)\/[\w\-./%()[\]@]+/g) ?? [];
  const loaded = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/(?:_next\/static|i18n)\//.test(url.pathname))
    .map((url) => url.pathname);
  const files = [...new Set([...named, ...loaded])];
  const stat = await caches.open(STATIC);
  await Promise.all(files.map(async (file) => (await stat.match(file)) ?? stat.add(file).catch(() => {})));
}

const attemptKey = (attemptId: number) => `olimpiada.attempt.${attemptId}`;
/** Its pupil, as the shell shows them (under the attempt's prefix: forgotten with it). */
const pupilKey = (attemptId: number) => `olimpiada.attempt.${attemptId}.pupil`;

/** The running attempt and its pupil as the device received them (never an ended one: it may carry the key). */
export function rememberAttempt(attempt: AttemptData, user: CurrentUser): void {
  try {
    const json = JSON.stringify(attempt);
    if (attempt.isEnded || ENDED.test(json)) return;
    localStorage.setItem(attemptKey(attempt.testAttemptId), json);
    localStorage.setItem(pupilKey(attempt.testAttemptId), JSON.stringify(user));
  } catch {
    // Not kept: an offline reload then needs the kept page.
  }
}

/** The kept attempt of that id, if this device kept it and it is still running. */
export function keptAttempt(attemptId: number): AttemptData | null {
  try {
    const attempt = JSON.parse(localStorage.getItem(attemptKey(attemptId)) ?? "null") as AttemptData | null;
    return attempt && !attempt.isEnded ? attempt : null;
  } catch {
    return null;
  }
}

/** The pupil of the kept attempt of that id. */
export function keptPupil(attemptId: number): CurrentUser | null {
  try {
    return JSON.parse(localStorage.getItem(pupilKey(attemptId)) ?? "null") as CurrentUser | null;
  } catch {
    return null;
  }
}

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
    await keepPage(page, () => ended.has(attemptId));
  } catch {
    // No offline copy: the page works online as ever.
  }
}

const deadlineKey = (attemptId: number) => `olimpiada.deadline.${attemptId}`;

/** The server's remaining seconds of an attempt, and when (this device's clock) the call that brought them was sent. */
export type ServerTime = { remainingTime: number; receivedAt: number };

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
    localStorage.removeItem(attemptKey(attemptId));
    localStorage.removeItem(pupilKey(attemptId));
  } catch {
    // Nothing kept.
  }
  if (!supported()) return;
  await caches
    .open(PAGES)
    .then((cache) => cache.delete(`/test-attempt/${attemptId}`))
    .catch(() => {});
}

/** Forgets every stored page and attempt (signing in or out: the next pupil on this device sees none). */
export async function forgetAllAttempts(): Promise<void> {
  if (typeof window === "undefined") return;
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith("olimpiada.attempt.")) localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
  if (!("caches" in window)) return;
  await caches.delete(PAGES).catch(() => {});
}

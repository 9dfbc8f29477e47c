// The pupil's paper kept sealed on the device during check-in (lib/attempts/sealed-paper.ts): it is
// fetched at a random moment of the check-in, kept as the server sealed it (AES-GCM: nothing of it
// is readable here), and opened with the key `New` answers. The first question then needs no `Get`
// at the opening. Any doubt (no copy, another pupil's, a paper drawn again, no Web Crypto): `Get`.
"use client";

import type { PaperContent, PaperOpening, SealedPaper } from "@/lib/attempts/sealed-paper";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import { api } from "@/shared/http/client";

/** Under the attempts' prefix: forgotten with them at sign-in and sign-out (forgetAllAttempts). */
const STORE = "olimpiada.attempt.paper";
/** No fetch closer than this to the opening: those seconds are the opening's own. */
const QUIET_BEFORE_OPENING_MS = 10_000;

type Kept = SealedPaper & { userId: number };

/** A fetch already waits for its moment (the allowance refetched schedules no second one). */
let pending = false;

const bytes = (base64: string) => Uint8Array.from(atob(base64.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

function kept(): Kept | null {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? "null") as Kept | null;
  } catch {
    return null;
  }
}

/**
 * Fetches and keeps the pupil's sealed paper at a random moment within `spreadMs` (never within
 * the 10 s before the opening, `msToOpening` from now). Resolves when done or given up.
 */
export async function keepSealedPaper({ userId, spreadMs, msToOpening }: { userId: number; spreadMs: number; msToOpening: number }) {
  if (pending || typeof crypto === "undefined" || !crypto.subtle || kept()?.userId === userId) return;
  const latest = msToOpening - QUIET_BEFORE_OPENING_MS;
  if (latest <= 0) return;
  // A timer may fire late (a sleeping tab, a page restored from the cache): past its moment, none.
  const deadline = Date.now() + latest;
  pending = true;
  await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(spreadMs, latest)));
  try {
    if (Date.now() > deadline) return;
    const sealed = await api<SealedPaper>("/TestAttempts/Paper");
    if (Date.now() > deadline + QUIET_BEFORE_OPENING_MS) return; // the opening came first: New decides without it
    localStorage.setItem(STORE, JSON.stringify({ ...sealed, userId } satisfies Kept));
  } catch {
    // None drawn yet, busy, or no storage: the opening's `Get` brings the questions.
  } finally {
    pending = false;
  }
}

/** Whether this device keeps a sealed paper of this pupil (New is then asked for the key only). */
export function hasSealedPaper(userId: number): boolean {
  return typeof crypto !== "undefined" && Boolean(crypto.subtle) && kept()?.userId === userId;
}

/**
 * After a `New`: the attempt from the kept paper and what `New` answered, or null (then `Get`).
 * The copy goes either way: one paper opens one attempt.
 */
export async function openSealedPaper(userId: number, attemptId: number, opening: PaperOpening | undefined): Promise<AttemptData | null> {
  const copy = kept();
  try {
    localStorage.removeItem(STORE);
  } catch {
    // Nothing kept.
  }
  if (!opening || !copy || copy.userId !== userId || typeof crypto === "undefined" || !crypto.subtle) return null;
  try {
    const key = await crypto.subtle.importKey("raw", bytes(opening.key), "AES-GCM", false, ["decrypt"]);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes(copy.iv) }, key, bytes(copy.data));
    const content = JSON.parse(new TextDecoder().decode(plain)) as PaperContent;
    const ids = opening.testAttemptQuestionIds;
    if (content.questions.length !== ids.length) return null;
    return {
      testAttemptId: attemptId,
      isEnded: false,
      remainingTime: opening.remainingTime,
      questions: content.questions.map((q, index) => ({
        ...q,
        testAttemptQuestionId: ids[index],
        answerId: null,
        correctAnswerId: null,
        isAnswerCorrect: null,
      })),
      readingTexts: content.readingTexts,
    };
  } catch {
    return null; // sealed under another key: the paper was drawn again, or the bank changed
  }
}

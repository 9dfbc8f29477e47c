// What the answer outbox keeps on the device: the answers not yet confirmed (they survive a
// reload), and how many the server refused as too late (the result page mentions them).
"use client";

/** testAttemptQuestionId → [answerId, when the pupil chose it (epoch ms; none if kept by an older page)] */
export type Pending = Record<number, [number, number?]>;

const storageKey = (attemptId: number) => `olimpiada.outbox.${attemptId}`;
const lateKey = (attemptId: number) => `olimpiada.late.${attemptId}`;

export function loadPending(attemptId: number): Pending {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(attemptId)) ?? "{}");
    // An answer an older page kept (its id alone) still goes out, without its time.
    for (const id in kept) if (typeof kept[id] === "number") kept[id] = [kept[id]];
    return kept as Pending;
  } catch {
    return {};
  }
}

export function storePending(attemptId: number, pending: Pending) {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(storageKey(attemptId));
    else localStorage.setItem(storageKey(attemptId), JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the answer still goes out, it just would not survive a reload.
  }
}

function refusedAsLate(attemptId: number): number {
  try {
    return Number(localStorage.getItem(lateKey(attemptId)) ?? "0") || 0;
  } catch {
    return 0;
  }
}

/**
 * How many of this attempt's answers never counted (the result says so): the ones the server
 * refused as too late, and any still on the device once the attempt has ended.
 */
export function lateAnswerCount(attemptId: number): number {
  return refusedAsLate(attemptId) + Object.keys(loadPending(attemptId)).length;
}

export function addLateAnswers(attemptId: number, count: number) {
  try {
    localStorage.setItem(lateKey(attemptId), String(refusedAsLate(attemptId) + count));
  } catch {
    // Not kept: the result then does not mention them.
  }
}

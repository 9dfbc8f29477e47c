// @ts-check
// A client's place in a saturated server's queue, in words: for the calm page that the front door
// (server/main.mjs) answers itself and for the pages' queue state (components/ui/queue-state.tsx).
// Plain JavaScript, as the front door runs without a build. `texts` are the queue's texts in the
// visitor's language (lib/i18n/*-busy.json).

/**
 * "Navbatdagi o'rningiz: 12. Taxminan 45 soniya kutasiz."
 * @param {{ place: string; seconds: string; minutes: string }} texts
 * @param {{ position: number; waitSeconds: number }} place
 * @returns {string}
 */
export function placeWords(texts, { position, waitSeconds }) {
  const wait =
    waitSeconds < 90
      ? texts.seconds.replace("{n}", String(waitSeconds))
      : texts.minutes.replace("{n}", String(Math.round(waitSeconds / 60)));
  return texts.place.replace("{position}", String(position)).replace("{wait}", wait);
}

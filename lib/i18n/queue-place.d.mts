// Types of queue-place.mjs (plain JavaScript: server.mjs runs it without a build).
export function placeWords(
  texts: { place: string; seconds: string; minutes: string },
  place: { position: number; waitSeconds: number },
): string;

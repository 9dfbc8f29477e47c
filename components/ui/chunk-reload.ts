// A page whose code was replaced by a deploy: kept free of imports, since the error page loads it
// on every page.

const CHUNK_ERROR = /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module/;

/** A deploy replaces the chunks an open page still asks for: reload once to get the new ones. */
export function reloadOnChunkError(message: string): boolean {
  if (!CHUNK_ERROR.test(message)) return false;
  const last = Number(sessionStorage.getItem("chunk-reload-at") ?? "0");
  if (Date.now() - last < 10_000) return false; // no reload loop
  sessionStorage.setItem("chunk-reload-at", String(Date.now()));
  window.location.reload();
  return true;
}

// @ts-check
// The client's address for rate limits and the audit: the socket's, unless
// TRUST_PROXY_HOPS says how many proxies in front append to X-Forwarded-For.
//
// The front door (server/main.mjs) appends the socket's address to X-Forwarded-For as the last entry, so the entries
// read from the right are: the socket, then what each trusted proxy appended. Whatever stands
// further left was written by the client and is never read: a forged header moves no limit.

// Plain JavaScript: the front door (admission's queue tickets) reads the same address without a build.

/**
 * The address `hops` entries left of the socket's, from a chain that ends with the socket.
 * @param {string | null} forwardedFor
 * @param {number} hops
 * @returns {string}
 */
export function clientAddressOf(forwardedFor, hops) {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  // Fewer entries than proxies: the request did not pass them all; the leftmost is the best guess.
  return chain[Math.max(0, chain.length - 1 - hops)];
}

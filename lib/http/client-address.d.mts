// Types of client-address.mjs (plain JavaScript: server.mjs runs it without a build).
export function clientAddressOf(forwardedFor: string | null, hops: number): string;

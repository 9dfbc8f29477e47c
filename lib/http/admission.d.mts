// Types of admission.mjs (plain JavaScript: server.mjs runs it without a build).
export type Door = "free" | "inside" | "entry";
export function doorOf(path: string, hasGenuineSession: boolean): Door;
/** The role of a genuine session token in the Cookie header, else null. */
export function genuineSessions(secret: string): (cookieHeader: string | undefined) => Promise<number | null>;
export type Admission = {
  readonly inFlight: number;
  readonly waiting: number;
  enter(door: "inside" | "entry", since?: number, gone?: (drop: () => void) => void, options?: { step?: boolean }): Promise<boolean>;
  /** Clients refused and due back. */
  readonly away: number;
  /** Requests completed a second, as last measured. */
  readonly rate: number;
  leave(): void;
  /** A refused request: its place (1: next), its wait at the measured rate, the Retry-After to send. */
  refusal(door: "inside" | "entry", since?: number, client?: string | null): { position: number; waitSeconds: number; retryAfter: number };
  /** A client back (in the queue, or let in) is no longer away. */
  back(client: string): void;
};
export function createAdmission(options: { limit: number; queueMs?: number; now?: () => number; random?: () => number }): Admission;
/** Lends a ticket's time to at most `parallel` requests of its client at once. */
export function ticketLender(parallel: number): { lend(client: string): (() => void) | null; readonly clients: number };
export function ticketCookie(since: number, secret: string, client: string, seen?: number): string;
/** The time a client first came, from its valid ticket; null for none (or a forged, lapsed or foreign one). */
export function ticketSince(cookieHeader: string | undefined, secret: string, client: string, now?: number): number | null;
export function bodyArrived(
  request: import("node:http").IncomingMessage,
  waitMs: number,
  options?: { mayStream?: boolean },
): Promise<"arrived" | "tooLarge" | "slow">;

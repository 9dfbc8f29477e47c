// Types of admission.mjs (plain JavaScript: server.mjs runs it without a build).
export type Door = "free" | "inside" | "entry";
export function doorOf(path: string, hasGenuineSession: boolean): Door;
/** The role of a genuine session token in the Cookie header, else null. */
export function genuineSessions(secret: string): (cookieHeader: string | undefined) => Promise<number | null>;
export type Admission = {
  readonly inFlight: number;
  readonly waiting: number;
  enter(door: "inside" | "entry", since?: number, gone?: (drop: () => void) => void): Promise<boolean>;
  leave(): void;
  retryAfter(since?: number): number;
};
export function createAdmission(options: { limit: number; queueMs?: number; now?: () => number; random?: () => number }): Admission;
export function ticketCookie(since: number, secret: string, client: string): string;
export function ticketTime(cookieHeader: string | undefined, secret: string, client: string, now?: number): number;
export function bodyArrived(
  request: import("node:http").IncomingMessage,
  waitMs: number,
  options?: { mayStream?: boolean },
): Promise<"arrived" | "tooLarge" | "slow">;

// The periodic sweep, run by every instance (safe to run concurrently), as named steps: each
// failing is logged by its name and keeps none of the others from running. Expired attempts are
// ended and scored; a test that closed and has no attempt left to end is screened for answer
// copying, once; sign-in tries nobody repeated for a day, and signed-out sessions whose tokens
// expired, are forgotten; a final list whose minute has come is told to its families and its pupils
// invited, and invitations past their deadline pass their places on; once an hour, personal data past its time (phone numbers, birth dates,
// the saves of answers, the devices and addresses of sign-ins and starts) is removed.
import "server-only";
import { sweepExpiredAttempts } from "@/lib/attempts/ending";
import { periodic } from "@/lib/background/periodic";
import { now } from "@/lib/clock";
import { noteDatabaseFailure } from "@/lib/db/availability.mjs";
import { forgetEndedSessions } from "@/lib/identity/session";
import { forgetOldSignInFailures } from "@/lib/identity/sign-in";
import { screenClosedTests } from "@/lib/integrity/screening";
import { expireInvitations, tellPublicLists } from "@/lib/invitations/invitations";
import { errorText, log } from "@/lib/log.mjs";
import { removeExpiredPersonalData } from "@/lib/personal-data/personal-data";

const SWEEP_INTERVAL_MS = 30_000;
/** Personal data past its time (lib/personal-data/personal-data.ts) is looked for once an hour. */
const RETENTION_INTERVAL_MS = 3_600_000;

/** The sweep's steps by name, each with how often it is due (every pass unless said). */
const STEPS: { name: string; everyMs?: number; run: () => Promise<unknown> }[] = [
  { name: "attempts.end", run: sweepExpiredAttempts }, // each end is logged
  { name: "screening", run: screenClosedTests }, // each run is logged
  { name: "sign-ins.forget", run: forgetOldSignInFailures },
  { name: "sessions.forget", run: forgetEndedSessions },
  { name: "personal-data.remove", everyMs: RETENTION_INTERVAL_MS, run: removeExpiredPersonalData },
  { name: "invitations.tell", run: () => tellPublicLists(now()) }, // a list's minute come: its families told, its pupils invited
  { name: "invitations.expire", run: () => expireInvitations(now()) },
];

/** Starts the sweep, once per process, however many bundles ask. */
export function startAttemptSweep(): void {
  const ranAt = new Map<string, number>();
  periodic("sweep", {
    name: "sweep",
    everyMs: SWEEP_INTERVAL_MS,
    pass: async (mayGoOn) => {
      for (const step of STEPS) {
        if (!mayGoOn()) return;
        if (step.everyMs && Date.now() - (ranAt.get(step.name) ?? 0) < step.everyMs) continue;
        ranAt.set(step.name, Date.now());
        try {
          await step.run();
        } catch (error) {
          if (!noteDatabaseFailure(error)) log().error({ step: step.name, err: errorText(error) }, `sweep: ${step.name} failed`);
        }
      }
    },
  });
}

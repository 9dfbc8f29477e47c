// Schemas of a rehearsal of the opening (lib/rehearsal/rehearsal.ts, scripts/rehearsal.mjs).
import "server-only";
import { z } from "zod";
import { organiserSaysThat } from "@/shared/i18n/said";
import { queryId } from "@/shared/validation/fields";

const o = {
  pupils: organiserSaysThat((m) => m.rehearsal.validation.pupils),
  opensIn: organiserSaysThat((m) => m.rehearsal.validation.opensIn),
};

export const rehearsalIdParams = z.object({ rehearsalId: queryId });

/** Up to 5 000 synthetic pupils; the test opens 10 s to an hour from now. */
export const rehearsalCreateSchema = z.object({
  pupils: z.number(o.pupils).int(o.pupils).min(1, o.pupils).max(5000, o.pupils),
  opensInSeconds: z.number(o.opensIn).int(o.opensIn).min(10, o.opensIn).max(3600, o.opensIn),
});

const figure = z.number().finite().min(0).max(1e9);
const whole = z.number().int().min(0).max(1e9);

/** What the rehearsal measured, as the script reports it. */
export const rehearsalReportSchema = z.object({
  url: z.string().max(300),
  pupils: whole,
  pageShare: z.number().min(0).max(1),
  startSeconds: figure,
  firstQuestionP50Ms: figure,
  firstQuestionP99Ms: figure,
  failed: whole,
  lost: whole,
  answers: whole,
  /** The highest starts a second at which the first question's p99 stayed within 3 s; null if none did. */
  sustainedStartsPerSecond: figure.nullable(),
  peakStartsPerSecond: figure,
  registered: whole,
  neededStartsPerSecond: figure,
  /** The minute (or so) in which the registered pupils press start, for the needed rate. */
  openingSeconds: figure,
  /**
   * The starts a second the deployment serves with every core busy, from the CPU a start cost each
   * instance (scripts/capacity.mjs); null when not measured (no METRICS_TOKEN). Older reports lack it.
   */
  capacity: z
    .object({
      startsPerSecond: figure,
      instances: z.array(z.object({ name: z.string().max(100), cores: whole, cpuMsPerStart: figure, startsPerSecond: figure })).max(100),
    })
    .nullable()
    .optional(),
  go: z.boolean(),
  /** Example figures (the demo's), not measured: never shown as a verdict. */
  example: z.boolean().optional(),
});
export type RehearsalReport = z.infer<typeof rehearsalReportSchema>;

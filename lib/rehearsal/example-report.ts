// The example figures the demo's rehearsal reports (a small deployment's, said to be examples and
// never shown as a pass): the demo and the console's words test read the same ones.
import type { RehearsalReport } from "./schema";

export const EXAMPLE_REHEARSAL_REPORT = {
  url: "demo",
  example: true,
  pupils: 2000,
  pageShare: 0.3,
  startSeconds: 60,
  firstQuestionP50Ms: 420,
  firstQuestionP99Ms: 1900,
  failed: 0,
  lost: 0,
  answers: 18_000,
  sustainedStartsPerSecond: 95,
  peakStartsPerSecond: 120,
  registered: 4800,
  neededStartsPerSecond: 80,
  openingSeconds: 60,
  capacity: null,
  go: true,
} satisfies RehearsalReport;

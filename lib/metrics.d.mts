// Types of metrics.mjs (plain JavaScript: server.mjs runs it without a build).
import type { Counter, Gauge, Histogram, Registry } from "prom-client";

export type AdmissionNow = { inFlight: number; waiting: number; away: number; rate: number };
export type Metrics = {
  registry: Registry;
  watchAdmission(admission: AdmissionNow): void;
  admissionNow(): AdmissionNow | null;
  requests: Histogram<"route" | "method" | "status">;
  admissionInFlight: Gauge;
  admissionWaiting: Gauge;
  admissionAway: Gauge;
  admissionRate: Gauge;
  admissionRefused: Counter;
  signIns: Counter<"outcome">;
  attemptsStarted: Counter;
  answersSaved: Counter;
  attemptsRunning: Gauge;
  databaseConnections: Gauge<"state">;
  databasePoolMax: Gauge;
};
export function metrics(): Metrics;
export function routeLabels(routeFiles: string[]): (path: string) => string;

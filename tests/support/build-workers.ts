// Vitest's global setup: the child programs (scripts/build-workers.mjs) the code under test starts
// for heavy work, built from the sources as they are now.
import { buildWorkers } from "../../scripts/build-workers.mjs";

export default async function setup() {
  await buildWorkers();
}

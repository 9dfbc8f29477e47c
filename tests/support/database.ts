// Test files that touch the database start from a migrated one with the reference data.
import { beforeAll } from "vitest";
import { prepareDatabase } from "@/lib/setup/prepare";

export function setUpDatabase(): void {
  beforeAll(async () => {
    await prepareDatabase({ quiet: true });
  });
}

// Test files that touch the database start from a migrated one with the reference data.
import { beforeAll } from "vitest";
import { prepareDatabase } from "@/db/prepare";

export function setUpDatabase(): void {
  beforeAll(async () => {
    await prepareDatabase({ quiet: true });
  });
}

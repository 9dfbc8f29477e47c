// Vitest's organiser: the account the suites' configuration seeds (ADMIN_USERNAME).
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { TEST_ENV } from "./test-env";

export async function organiserId(): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ENV.ADMIN_USERNAME));
  return row.id;
}

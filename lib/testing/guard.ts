// /api/test-support (and /test-support's one page) answers only when TEST_SUPPORT_TOKEN is configured and presented.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { config } from "@/lib/config";
import { notFound } from "@/lib/http/errors";

/** Whether an Authorization header presents the configured TEST_SUPPORT_TOKEN. */
export function isTestSupport(authorization: string | null): boolean {
  const expected = config().testSupportToken;
  const given = authorization?.replace(/^Bearer /, "") ?? "";
  return expected !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export function assertTestSupport(request: NextRequest): void {
  if (!isTestSupport(request.headers.get("authorization"))) throw notFound(); // indistinguishable from a path that does not exist
}

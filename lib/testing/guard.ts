// /api/test-support answers only when TEST_SUPPORT_TOKEN is configured and presented.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { config } from "@/lib/config";
import { notFound } from "@/lib/http/errors";

export function assertTestSupport(request: NextRequest): void {
  const expected = config().testSupportToken;
  const given = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
  const ok = expected !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!ok) throw notFound(); // indistinguishable from a path that does not exist
}

// For the suites only (tests/e2e/error-page.spec.ts): a page whose rendering fails on the server,
// to see the error page ("Xatolik!") with the request's id. A 404 without the test-support token.
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { isTestSupport } from "@/lib/testing/guard";

export default async function RenderError(): Promise<never> {
  if (!isTestSupport((await headers()).get("authorization"))) notFound();
  throw new Error("A render error the suites asked for");
}

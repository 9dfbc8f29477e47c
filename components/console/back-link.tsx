// A test's page's way back: to the test's results or to the Tests page, whichever the organiser
// came from (shared/console/origin.ts). A server component.
import Link from "next/link";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { backHref, type Origin } from "@/shared/console/origin";

export async function BackLink({ origin, testId }: { origin: Origin; testId: number }) {
  const common = (await getOrganiserMessages()).common;
  return (
    <Link
      href={backHref(origin, testId)}
      className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
      data-testid="back-link"
    >
      {origin === "results" ? common.backToResults : common.backToTests}
    </Link>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StartPageHeader } from "@/components/attempt/start-page-header";
import { uz } from "@/lib/i18n/uz";
import { currentUser } from "@/lib/identity/session";
import { getCurrentUser } from "@/lib/identity/users";

export const metadata: Metadata = { title: uz.testAttempt.title };

export default async function TestAttemptPage() {
  const session = await currentUser();
  if (!session) redirect("/login?returnUrl=%2Ftest-attempt");
  const user = await getCurrentUser({ userId: session.id });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <StartPageHeader user={user} />
    </div>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StartPageHeader } from "@/components/attempt/start-page-header";
import { StartView } from "@/components/attempt/start-view";
import { attemptResult } from "@/lib/attempts/ending";
import { loadPupilTest } from "@/lib/attempts/queries";
import { allowTestAttempt, isThereAttempt } from "@/lib/attempts/start";
import { getMessages } from "@/lib/i18n/server";
import { pupilPage } from "@/lib/identity/page-guards";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.testAttempt.title };
}
export const dynamic = "force-dynamic";

export default async function TestAttemptPage() {
  const { id: userId, user } = await pupilPage();
  const status = await isThereAttempt({ userId });
  // An unfinished attempt is resumed at once, before anything else is sent to a slow phone.
  if (status.isThereAttempt && !status.isEnded) redirect(`/test-attempt/${status.attemptId}`);
  const [allow, pupil, result] = await Promise.all([
    allowTestAttempt({ userId }),
    loadPupilTest({ userId }),
    status.isThereAttempt ? attemptResult({ userId, attemptId: status.attemptId! }) : Promise.resolve(null),
  ]);
  return <StartView header={<StartPageHeader user={user} />} user={user} status={status} allow={allow} result={result} paid={pupil.paid} />;
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StartPageHeader } from "@/components/attempts/start-page-header";
import { StartView } from "@/components/attempts/start-view";
import { appealsView } from "@/lib/appeals/appeals";
import { attemptResult } from "@/lib/attempts/ending";
import { isThereAttempt, startAllowance } from "@/lib/attempts/start";
import { now } from "@/lib/clock";
import { getLocale, getMessages } from "@/lib/i18n/server";
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
  const ended = status.isThereAttempt;
  const [{ allow, paid }, result, appeals] = await Promise.all([
    startAllowance({ userId }),
    ended ? attemptResult({ userId, attemptId: status.attemptId! }) : Promise.resolve(null),
    // With the result, what followed it: the card shows it at once rather than growing after a call.
    ended ? appealsView({ userId }, await getLocale(), now()) : Promise.resolve(null),
  ]);
  return (
    <StartView
      header={<StartPageHeader user={user} />}
      user={user}
      status={status}
      allow={allow}
      result={result}
      appeals={appeals}
      paid={paid}
    />
  );
}

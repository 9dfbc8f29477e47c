// The shell that shows an attempt kept on the device (components/attempt/offline.ts): kept before
// the opening, and served by public/sw.js for a reload without network of an attempt opened in
// place before its own page was kept. Online it is never needed.
import type { Metadata } from "next";
import { OfflineAttempt } from "@/components/attempt/offline-attempt";
import { getMessages } from "@/lib/i18n/server";
import { pupilPage } from "@/lib/identity/page-guards";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.testAttempt.title, robots: { index: false } };
}
export const dynamic = "force-dynamic";

export default async function OfflineAttemptPage() {
  const { user } = await pupilPage();
  return <OfflineAttempt user={user} />;
}

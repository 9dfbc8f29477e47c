// The offline shell (components/offline/attempt-copy.ts): shows an attempt kept on the device, for a
// reload without network of an attempt whose own page is not kept yet (public/sw.js serves it).
// The pupil and the attempt come from the device, so it is one page per language: the front door
// renders it once as it starts and answers every pupil that copy with a fresh nonce
// (server/offline-shell.mjs). Online it is never needed.
import type { Metadata } from "next";
import { OfflineAttempt } from "@/components/attempts/offline-attempt";
import { getMessages } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.testAttempt.title, robots: { index: false } };
}
export const dynamic = "force-dynamic";

export default function OfflineShellPage() {
  return <OfflineAttempt />;
}

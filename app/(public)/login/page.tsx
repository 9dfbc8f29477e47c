import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { LoginForm } from "@/components/identity/login-form";
import { Card } from "@/components/ui/card";
import { config } from "@/lib/config";
import { getMessages } from "@/lib/i18n/server";
import { currentSession } from "@/lib/identity/page-guards";
import { safeReturnUrl } from "@/lib/identity/return-url";
import { homeOf } from "@/shared/identity/routes";
import { loginUsernameQuery } from "@/shared/identity/schema";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.login.title };
}

type Props = { searchParams: Promise<{ returnUrl?: string | string[]; username?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const messages = await getMessages();
  const query = await searchParams;
  const returnUrl = safeReturnUrl(query.returnUrl, null);
  // The paid page's link names the new login: filled in, the pupil types only the password.
  const username = loginUsernameQuery.safeParse(query.username).data ?? "";
  const session = await currentSession();
  if (session) redirect(returnUrl ?? homeOf(session.role));

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-3 py-8">
      <header className="flex w-full max-w-sm justify-end">
        <LanguageSwitcher />
      </header>
      <Card size="form" className="w-full max-w-sm">
        <p className="text-center text-sm font-semibold uppercase tracking-wide text-primary-700">{messages.app.title}</p>
        <h1 className="mt-1 text-center text-2xl font-bold">{messages.login.title}</h1>
        <p className="mb-5 mt-2 text-center text-sm text-slate-600">{messages.login.lead}</p>
        <LoginForm returnUrl={returnUrl} username={username} />
        <a
          href={config().chatBotUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 block text-center text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        >
          {messages.login.chatBot}
        </a>
      </Card>
    </main>
  );
}

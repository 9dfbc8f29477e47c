import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { LinkButton } from "@/components/ui/button";
import { Result } from "@/components/ui/result";
import { getMessages } from "@/lib/i18n/server";

export default async function NotFound() {
  const messages = await getMessages();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-3 px-3">
      <LanguageSwitcher />
      <Result status="404" title={messages.notFound.page} extra={<LinkButton href="/test-attempt">{messages.notFound.back}</LinkButton>} />
    </main>
  );
}

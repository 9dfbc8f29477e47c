import { LinkButton } from "@/components/ui/button";
import { Result } from "@/components/ui/result";
import { uz } from "@/lib/i18n/uz";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
      <Result status="404" title={uz.notFound.page} extra={<LinkButton href="/test-attempt">{uz.notFound.back}</LinkButton>} />
    </main>
  );
}

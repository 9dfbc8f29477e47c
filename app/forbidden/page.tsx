import type { Metadata } from "next";
import { Forbidden } from "@/components/ui/forbidden";
import { uz } from "@/lib/i18n/uz";

export const metadata: Metadata = { title: uz.forbidden.title, robots: { index: false } };

export default function ForbiddenPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
      <Forbidden />
    </main>
  );
}

"use client";

import { useEffect } from "react";
import { ErrorBanner } from "@/components/ui/banners";
import { reloadOnChunkError } from "@/components/ui/chunk-reload";

export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reloadOnChunkError(`${error.name} ${error.message}`);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
      <ErrorBanner />
    </main>
  );
}

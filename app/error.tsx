"use client";

import { useEffect, useState } from "react";
import { ErrorBanner } from "@/components/ui/banners";
import { reloadOnChunkError } from "@/components/ui/chunk-reload";

export default function ErrorPage({ error }: { error: Error & { digest?: string; requestId?: string | null } }) {
  // The failed call's id (an API error carries it), else the page's own (the root layout's).
  const [requestId, setRequestId] = useState<string | null>(null);
  useEffect(() => {
    reloadOnChunkError(`${error.name} ${error.message}`);
    setRequestId(error.requestId ?? document.documentElement.dataset.requestId ?? null);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
      <ErrorBanner requestId={requestId} />
    </main>
  );
}

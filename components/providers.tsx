// Client-wide providers: server data (TanStack Query with the spec's retry rules), toasts, progress.
"use client";

import { focusManager, MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { MessagesProvider } from "@/components/i18n/messages";
import { showError } from "@/components/ui/show-error";
import { ApiError, retryDelay, shouldRetry } from "@/shared/http/client";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { reloadOnChunkError } from "./ui/chunk-reload";
import { ProgressBar } from "./ui/progress-bar";
import { Toasts } from "./ui/toast";

// "On window focus" (spec §2, §4): a returning tab and a window brought to the front both count.
focusManager.setEventListener((handleFocus) => {
  if (typeof window === "undefined") return;
  const listener = () => handleFocus();
  window.addEventListener("visibilitychange", listener);
  window.addEventListener("focus", listener);
  return () => {
    window.removeEventListener("visibilitychange", listener);
    window.removeEventListener("focus", listener);
  };
});

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      // A failed background refresh keeps the data on screen and says why.
      onError: (error, query) => {
        if (query.state.data !== undefined) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError) showError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A read with nothing to show goes to the nearest error boundary; 401 is not an error here.
        throwOnError: (error, query) => query.state.data === undefined && !(error instanceof ApiError && error.status === 401),
      },
    },
  });
}

export function Providers({ locale, messagesSrc, children }: { locale: Locale; messagesSrc: string; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);

  useEffect(() => {
    const onError = (event: ErrorEvent) => reloadOnChunkError(String(event.message ?? event.error?.name ?? ""));
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { name?: string; message?: string } | undefined;
      reloadOnChunkError(`${reason?.name ?? ""} ${reason?.message ?? ""}`);
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  return (
    <MessagesProvider locale={locale} src={messagesSrc}>
      <QueryClientProvider client={queryClient}>
        <ProgressBar />
        {children}
        <Toasts />
      </QueryClientProvider>
    </MessagesProvider>
  );
}

// The default error banner of spec §2.
"use client";

import { useRouter } from "next/navigation";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "./button";
import { Result } from "./result";

/** `requestId`: the failed request's id, small, for the pupil to read out to support. */
export function ErrorBanner({ requestId }: { requestId?: string | null }) {
  const messages = useMessages();
  const router = useRouter();
  return (
    <Result
      status="error"
      title={messages.error.banner}
      subTitle={
        <>
          {messages.error.description}
          {requestId && (
            <span data-testid="request-id" className="mt-2 block font-mono text-xs text-slate-600">
              {messages.error.requestId({ id: requestId })}
            </span>
          )}
        </>
      }
      extra={
        <>
          <Button onClick={() => window.location.reload()}>{messages.common.reload}</Button>
          <Button variant="secondary" onClick={() => (window.history.length > 1 ? router.back() : router.push("/"))}>
            {messages.common.back}
          </Button>
        </>
      }
    />
  );
}

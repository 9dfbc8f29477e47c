// The default not-found and error banners of spec §2.
"use client";

import { useRouter } from "next/navigation";
import { useMessages } from "@/components/i18n/messages";
import { Button, LinkButton } from "./button";
import { Result } from "./result";

export function NotFoundBanner() {
  const m = useMessages();
  return <Result status="404" title={m.notFound.banner} extra={<LinkButton href="/">{m.notFound.home}</LinkButton>} />;
}

/** `requestId`: the failed request's id, small, for the pupil to read out to support. */
export function ErrorBanner({ requestId }: { requestId?: string | null }) {
  const m = useMessages();
  const router = useRouter();
  return (
    <Result
      status="error"
      title={m.error.banner}
      subTitle={
        <>
          {m.error.description}
          {requestId && (
            <span data-testid="request-id" className="mt-2 block font-mono text-xs text-slate-600">
              {m.error.requestId({ id: requestId })}
            </span>
          )}
        </>
      }
      extra={
        <>
          <Button onClick={() => window.location.reload()}>{m.common.reload}</Button>
          <Button variant="secondary" onClick={() => (window.history.length > 1 ? router.back() : router.push("/"))}>
            {m.common.back}
          </Button>
        </>
      }
    />
  );
}

// The default not-found and error banners of spec §2.
"use client";

import { useRouter } from "next/navigation";
import { uz } from "@/lib/i18n/uz";
import { Button, LinkButton } from "./button";
import { Result } from "./result";

export function NotFoundBanner() {
  return <Result status="404" title={uz.notFound.banner} extra={<LinkButton href="/">{uz.notFound.home}</LinkButton>} />;
}

export function ErrorBanner() {
  const router = useRouter();
  return (
    <Result
      status="error"
      title={uz.error.banner}
      subTitle={uz.error.description}
      extra={
        <>
          <Button onClick={() => window.location.reload()}>{uz.common.reload}</Button>
          <Button variant="secondary" onClick={() => (window.history.length > 1 ? router.back() : router.push("/"))}>
            {uz.common.back}
          </Button>
        </>
      }
    />
  );
}

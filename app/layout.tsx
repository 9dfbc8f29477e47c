import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import Script from "next/script";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { messagesScriptPath } from "@/lib/i18n/catalogues";
import { getLocale, getMessages } from "@/lib/i18n/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: { default: messages.app.title, template: `%s · ${messages.app.name}` }, description: messages.app.description };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#1e40af",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request (the locale is read from the request's headers), so Next
  // can put this request's CSP nonce (set by middleware.ts) on its scripts; a prerendered page's
  // scripts would carry none and not run.
  const locale = await getLocale();
  const requestHeaders = await headers();
  const nonce = /'nonce-([^']+)'/.exec(requestHeaders.get("content-security-policy") ?? "")?.[1];
  // The request's id (server/main.mjs): the error page shows it, for support to find the request's log.
  const requestId = requestHeaders.get("x-request-id") ?? undefined;
  return (
    <html lang={locale} data-request-id={requestId}>
      <body>
        {/* The locale's messages, cached by the device for good, run before the page hydrates. */}
        <Script src={messagesScriptPath(locale)} strategy="beforeInteractive" nonce={nonce} />
        <Providers locale={locale} messagesSrc={messagesScriptPath(locale)}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
